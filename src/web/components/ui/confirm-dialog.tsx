import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.js";
import { Dialog } from "./dialog.js";

/** Asks before a weighty action; the confirming button names the action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  dismissLabel,
  onConfirm,
  busy = false,
  returnFocusTo,
  confirmVariant = "danger",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** What leaving it as it is says, where "Cancel" would be read as the action (cancelling a meeting). */
  dismissLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** The confirming button's look: "danger" for what removes or ends something. */
  confirmVariant?: "danger" | "primary";
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} returnFocusTo={returnFocusTo}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {dismissLabel ?? t("common.cancel")}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
