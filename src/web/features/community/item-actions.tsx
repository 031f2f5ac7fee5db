import { DropdownMenu } from "radix-ui";
import { Flag, MoreHorizontal, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The "⋯" menu of a message or a post: delete it if it is mine, report it if it is someone else's. */
export function ItemActions({
  mine,
  signedIn,
  onDelete,
  onReport,
}: {
  mine: boolean;
  signedIn: boolean;
  onDelete: () => void;
  onReport: () => void;
}) {
  const { t } = useTranslation();
  if (!signedIn) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
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
  );
}
