import { Dialog as RadixDialog } from "radix-ui";
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where focus goes back when it closes, when the control that opened it is gone (a menu's item: its menu's button). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog: focus trapped, Escape closes, title and description
 * announced, and focus back on the control that opened it when it closes.
 * (Radix returns focus to its own Trigger only; ours are opened from state,
 * so without this focus fell to the page and a keyboard user started over.)
 */
export function Dialog({ open, onOpenChange, title, description, children, returnFocusTo }: DialogProps) {
  const { t } = useTranslation();
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog: the focused element is still the opener.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  const restoreFocus = (event: Event) => {
    const target = [returnFocusTo?.current, opener.current].find((element) => element?.isConnected && element !== document.body);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={restoreFocus}
        >
          <RadixDialog.Title className="pr-8 text-lg font-bold">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="mt-1 text-sm text-slate-700">{description}</RadixDialog.Description>}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute right-3 top-3 flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            aria-label={t("common.close")}
          >
            <X size={20} aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
