import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { showApiError } from "../../lib/api-errors.js";
import { useLinkedSignIns, useUnlinkSignIn } from "./api/linked-sign-ins.js";

/** Employers' sign-ins that open this account (issue 58 §1), each removable; nothing when there is none. */
export function LinkedSignIns() {
  const { t } = useTranslation();
  const linked = useLinkedSignIns();
  const unlink = useUnlinkSignIn();
  const signIns = linked.data?.linkedSignIns ?? [];
  if (signIns.length === 0) return null;
  return (
    <Card aria-labelledby="linked-sign-ins-heading" className="mt-6">
      <h2 id="linked-sign-ins-heading" className="text-lg font-bold">
        {t("profile.linkedSignIns.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile.linkedSignIns.intro")}</p>
      <ul className="mt-3 divide-y divide-rose-100">
        {signIns.map((signIn) => (
          <li key={signIn.organizationId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="font-medium text-slate-900">{signIn.employerName}</span>
            <Button
              variant="secondary"
              disabled={unlink.isPending}
              onClick={() =>
                void unlink
                  .mutateAsync(signIn.organizationId)
                  .then(() => toast.success(t("profile.linkedSignIns.removed", { employer: signIn.employerName })), showApiError)
              }
            >
              {t("profile.linkedSignIns.remove", { employer: signIn.employerName })}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
