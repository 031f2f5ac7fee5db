import { useRef, useState } from "react";
import { DropdownMenu } from "radix-ui";
import { Flag, MoreHorizontal, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { ReportInput } from "../../../shared/schemas/community.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { errorMessage } from "../../lib/api.js";
import { ReportDialog } from "./report-dialog.js";

/**
 * The "⋯" menu of a message or a post, with its dialogs: delete it (after a
 * confirmation) if it is mine, report it if it is someone else's.
 */
export function ItemActions({
  mine,
  signedIn,
  report,
  remove,
}: {
  mine: boolean;
  signedIn: boolean;
  report: (report: ReportInput) => Promise<unknown>;
  remove: { run: () => Promise<unknown>; busy: boolean; title: string; description: string; done: string };
}) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The menu is gone when its dialog closes: focus goes back to the menu's button.
  const menuButton = useRef<HTMLButtonElement>(null);
  if (!signedIn) return null;
  const onDelete = () => setDeleting(true);
  const onReport = () => setReporting(true);
  const confirmDelete = async () => {
    try {
      await remove.run();
      setDeleting(false);
      toast.success(remove.done);
    } catch (error) {
      toast.error(errorMessage(error) || t("community.deleteFailed"));
    }
  };
  return (
    <>
      <ReportDialog open={reporting} onOpenChange={setReporting} send={report} returnFocusTo={menuButton} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={remove.title}
        description={remove.description}
        confirmLabel={t("community.delete")}
        busy={remove.busy}
        onConfirm={() => void confirmDelete()}
        returnFocusTo={menuButton}
      />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          ref={menuButton}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand"
          aria-label={t("community.actions")}
        >
          <MoreHorizontal size={20} aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
            {mine ? (
              <DropdownMenu.Item
                onSelect={onDelete}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
              >
                <Trash2 size={16} aria-hidden />
                {t("community.delete")}
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                onSelect={onReport}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
              >
                <Flag size={16} aria-hidden />
                {t("community.report")}
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}
