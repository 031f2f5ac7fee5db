import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.js";
import { showApiError } from "../../lib/api-errors.js";
import { useAnswerInvitation } from "./api/workplace.js";

/**
 * An employer's staff directory lists the person's address (issue 58 §3): it
 * proposes, they decide. Yes opens the area; "not me" is never asked again.
 */
export function DirectoryInvitation({ invitation }: { invitation: { id: string; employerName: string } }) {
  const { t } = useTranslation();
  const answer = useAnswerInvitation();
  const reply = (choice: "accept" | "decline") =>
    answer.mutate(
      { id: invitation.id, answer: choice },
      {
        onSuccess: () => {
          if (choice === "decline") toast.success(t("workplace.invitation.declined", { employer: invitation.employerName }));
        },
        onError: (error) => showApiError(error),
      },
    );
  return (
    <section aria-labelledby="directory-invitation" className="space-y-3 rounded-lg border border-brand/30 bg-rose-50 p-4">
      <h2 id="directory-invitation" className="font-semibold">
        {t("workplace.invitation.title", { employer: invitation.employerName })}
      </h2>
      <p className="text-sm text-slate-700">{t("workplace.invitation.text", { employer: invitation.employerName })}</p>
      <div className="flex flex-wrap gap-2">
        <Button disabled={answer.isPending} onClick={() => reply("accept")}>
          {t("workplace.invitation.accept", { employer: invitation.employerName })}
        </Button>
        <Button variant="ghost" disabled={answer.isPending} onClick={() => reply("decline")}>
          {t("workplace.invitation.decline")}
        </Button>
      </div>
    </section>
  );
}
