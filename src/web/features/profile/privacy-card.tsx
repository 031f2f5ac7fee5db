import { lazy, Suspense, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Profile } from "../../../shared/schemas/profile.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { CheckboxField } from "../../components/ui/checkbox-field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useMyBoardPlace } from "../../lib/my-board-place.js";
import { queryKeys } from "../../lib/query-keys.js";
import { useUpdateProfile } from "../../lib/update-profile.js";
import { useShownChoice } from "../../lib/use-shown-choice.js";
import { DataExportPanel } from "./data-export-panel.js";

const DeleteAccountDialog = lazy(() => import("./delete-account-dialog.js"));

/** One of the person's choices, saved as soon as it is made. */
function ProfileChoice({
  field,
  saved,
  label,
  hint,
  onSaved,
}: {
  field: "showOnLeaderboards";
  saved: boolean;
  label: string;
  hint: string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [checked, setChecked] = useShownChoice(saved);
  return (
    <CheckboxField
      label={label}
      hint={hint}
      checked={checked}
      onChange={(value) => {
        setChecked(value);
        update.mutate(
          { [field]: value },
          {
            onSuccess: onSaved,
            onError: (error) => {
              setChecked(!value);
              showApiError(error, { fallback: t("profile.privacy.saveFailed") });
            },
          },
        );
      }}
    />
  );
}

/** Privacy by default: what others may see of this person only once they chose it; their archive; closing the account. */
export function PrivacyCard({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const board = useMyBoardPlace("all", true);
  return (
    <Card aria-labelledby="privacy-heading" className="mt-6">
      <h2 id="privacy-heading" className="text-lg font-bold">
        {t("profile.privacy.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile.privacy.intro")}</p>
      <div className="mt-3">
        <ProfileChoice
          field="showOnLeaderboards"
          saved={user.showOnLeaderboards}
          label={t("profile.privacy.showOnLeaderboards")}
          hint={
            board.data?.pseudonymous
              ? `${t("profile.privacy.pseudonymIs", { name: board.data.name })} ${t("profile.privacy.showOnLeaderboardsHint")}`
              : t("profile.privacy.showOnLeaderboardsHint")
          }
          // The boards this browser has read show the new name at once.
          onSaved={() => void queryClient.invalidateQueries({ queryKey: queryKeys.acts.leaderboards })}
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
