import { lazy, Suspense, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Profile } from "../../../shared/schemas/profile.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { CheckboxField } from "../../components/ui/checkbox-field.js";
import { showApiError } from "../../lib/api-errors.js";
import { queryKeys } from "../../lib/query-keys.js";
import { useUpdateProfile } from "../../lib/update-profile.js";
import { DataExportPanel } from "./data-export-panel.js";

const DeleteAccountDialog = lazy(() => import("./delete-account-dialog.js"));

/** Privacy by default: what others may see of this person, each shown only once they chose it. */
export function PrivacyCard({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  // The box shows the choice at once; a failure to save puts it back.
  const [showOnLeaderboards, setShowOnLeaderboards] = useState(user.showOnLeaderboards);
  useEffect(() => setShowOnLeaderboards(user.showOnLeaderboards), [user.showOnLeaderboards]);
  const [emailNotifications, setEmailNotifications] = useState(user.emailNotifications);
  useEffect(() => setEmailNotifications(user.emailNotifications), [user.emailNotifications]);
  return (
    <Card aria-labelledby="privacy-heading" className="mt-6">
      <h2 id="privacy-heading" className="text-lg font-bold">
        {t("profile.privacy.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile.privacy.intro")}</p>
      <div className="mt-3">
        <CheckboxField
          label={t("profile.privacy.showOnLeaderboards")}
          hint={t("profile.privacy.showOnLeaderboardsHint")}
          checked={showOnLeaderboards}
          onChange={(checked) => {
            setShowOnLeaderboards(checked);
            update.mutate(
              { showOnLeaderboards: checked },
              {
                // The boards this browser has read show the new name at once.
                onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.acts.leaderboards }),
                onError: (error) => {
                  setShowOnLeaderboards(!checked);
                  showApiError(error, { fallback: t("profile.privacy.saveFailed") });
                },
              },
            );
          }}
        />
        <CheckboxField
          label={t("profile.privacy.emailNotifications")}
          hint={t("profile.privacy.emailNotificationsHint")}
          checked={emailNotifications}
          onChange={(checked) => {
            setEmailNotifications(checked);
            update.mutate(
              { emailNotifications: checked },
              {
                onError: (error) => {
                  setEmailNotifications(!checked);
                  showApiError(error, { fallback: t("profile.privacy.saveFailed") });
                },
              },
            );
          }}
        />
      </div>
      <DataExportPanel />
      <Button variant="danger" className="mt-6" onClick={() => setDeleting(true)}>
        {t("profile.deleteAccount.open")}
      </Button>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
        </Suspense>
      )}
    </Card>
  );
}
