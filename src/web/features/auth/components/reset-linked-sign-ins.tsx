import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.js";
import { showApiError } from "../../../lib/api-errors.js";
import { useRemoveResetLinkedSignIn, useResetLinkedSignIns } from "../api/reset-password.js";

/**
 * Employers' sign-ins linked to the account being reset (issue 58 §1): the
 * moment someone takes their account back, a provider linked by someone
 * else must not keep a way in. Shown only when there is one.
 */
export function ResetLinkedSignIns({ token }: { token: string }) {
  const { t } = useTranslation();
  const linked = useResetLinkedSignIns(token);
  const remove = useRemoveResetLinkedSignIn(token);
  const signIns = linked.data?.linkedSignIns ?? [];
  if (signIns.length === 0) return null;
  return (
    <section aria-labelledby="linked-sign-ins" className="mt-6 space-y-2 border-t border-slate-100 pt-4">
      <h2 id="linked-sign-ins" className="font-semibold">
        {t("resetPassword.linkedTitle")}
      </h2>
      <p className="text-sm text-slate-700">{t("resetPassword.linkedIntro")}</p>
      <ul className="space-y-2">
        {signIns.map((signIn) => (
          <li key={signIn.organizationId} className="flex flex-wrap items-center justify-between gap-2">
            <span>{signIn.employerName}</span>
            <Button
              variant="secondary"
              disabled={remove.isPending}
              onClick={() =>
                void remove
                  .mutateAsync(signIn.organizationId)
                  .then(() => toast.success(t("resetPassword.linkedRemoved", { employer: signIn.employerName })), showApiError)
              }
            >
              {t("resetPassword.linkedRemove", { employer: signIn.employerName })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
