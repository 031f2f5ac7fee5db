import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { DirectoryToken } from "../../../../shared/schemas/workplace.js";
import { Button } from "../../../components/ui/button.js";
import { LoadingState } from "../../../components/ui/card.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { TextField } from "../../../components/ui/field.js";
import { LoadFailed } from "../../../components/ui/load-failed.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useCreateDirectoryToken, useDirectory, useRevokeDirectoryToken } from "./api/workplace-access.js";
import { useCopyToClipboard } from "../copy-to-clipboard.js";

/** The token just made, shown this once with the base URL to give the identity provider. */
function TokenDialog({ made, onClose }: { made: DirectoryToken; onClose: () => void }) {
  const { t } = useTranslation();
  const copyToClipboard = useCopyToClipboard();
  const copy = (value: string) => copyToClipboard(value, t("workplace.employer.directory.copied"));
  const select = (event: React.FocusEvent<HTMLInputElement>) => event.currentTarget.select();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("workplace.employer.directory.tokenTitle")}
      description={t("workplace.employer.directory.tokenHelp")}
    >
      <div className="space-y-3">
        <TextField label={t("workplace.employer.directory.baseUrl")} value={made.baseUrl} readOnly onFocus={select} />
        <Button variant="secondary" onClick={() => void copy(made.baseUrl)}>
          {t("workplace.employer.directory.copyBaseUrl")}
        </Button>
        <TextField label={t("workplace.employer.directory.token")} value={made.token} readOnly onFocus={select} className="font-mono" />
        <Button onClick={() => void copy(made.token)}>{t("workplace.employer.directory.copyToken")}</Button>
      </div>
    </Dialog>
  );
}

/**
 * The staff directory (issue 47 §2): the employer connects its identity
 * provider over SCIM with a token made here, sees whom the provider sent,
 * and can replace the token or disconnect.
 */
export function DirectorySection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const directory = useDirectory(organizationId);
  const create = useCreateDirectoryToken(organizationId);
  const revoke = useRevokeDirectoryToken(organizationId);
  const [made, setMade] = useState<DirectoryToken | null>(null);
  const [confirming, setConfirming] = useState(false);
  const day = (iso: string) => formatDay(iso, i18n.language, "medium");
  const state = directory.data;
  const makeToken = async () => {
    try {
      setMade(await create.mutateAsync());
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <section className="space-y-3" aria-labelledby="staff-directory">
      <div>
        <h3 id="staff-directory" className="font-semibold">
          {t("workplace.employer.directory.title")}
        </h3>
        <p className="text-sm text-slate-700">{t("workplace.employer.directory.intro")}</p>
        <p className="mt-2 text-sm text-slate-800">
          {t("workplace.employer.directory.summary")}{" "}
          <a href="#it-handoff" className="font-medium text-brand-dark underline underline-offset-2">
            {t("workplace.employer.itHandoff.title")}
          </a>
        </p>
      </div>
      {directory.isPending && <LoadingState label={t("workplace.loading")} />}
      {directory.isError && <LoadFailed onRetry={() => void directory.refetch()} />}
      {state && (
        <>
          {state.connected ? (
            <div className="space-y-1 text-sm">
              <p className="font-medium">{t("workplace.employer.directory.connected", { date: day(state.createdAt!) })}</p>
              <p className="text-slate-700">
                {state.lastUsedAt
                  ? t("workplace.employer.directory.lastUsed", { date: day(state.lastUsedAt) })
                  : t("workplace.employer.directory.neverUsed")}
              </p>
              <p className="text-slate-700">
                {[
                  t("workplace.employer.directory.people", { count: state.people.active }),
                  t("workplace.employer.directory.deactivatedPeople", { count: state.people.inactive }),
                  t("workplace.employer.directory.linkedPeople", { count: state.people.linked }),
                ].join(" · ")}
              </p>
              {state.people.active + state.people.inactive > 0 && (
                <p className="text-slate-700">{t("workplace.employer.directory.headcount", { count: state.people.active })}</p>
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t("workplace.employer.directory.notConnected")}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant={state.connected ? "secondary" : "primary"} onClick={() => void makeToken()} disabled={create.isPending}>
              {create.isPending
                ? t("workplace.employer.directory.creating")
                : t(state.connected ? "workplace.employer.directory.replace" : "workplace.employer.directory.create")}
            </Button>
            {state.connected && (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                {t("workplace.employer.directory.disconnect")}
              </Button>
            )}
          </div>
        </>
      )}
      {made && <TokenDialog made={made} onClose={() => setMade(null)} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("workplace.employer.directory.disconnectTitle")}
        description={t("workplace.employer.directory.disconnectText")}
        confirmLabel={t("workplace.employer.directory.disconnect")}
        busy={revoke.isPending}
        onConfirm={() =>
          void revoke
            .mutateAsync()
            .then(() => toast.success(t("workplace.employer.directory.disconnected")), showApiError)
            .finally(() => setConfirming(false))
        }
      />
    </section>
  );
}
