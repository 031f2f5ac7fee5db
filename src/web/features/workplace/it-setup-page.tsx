import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { ItHandoff } from "../../../shared/schemas/workplace.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { TextField } from "../../components/ui/field.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { api, ApiError, errorMessage } from "../../lib/api.js";
import { formatDay } from "../../lib/format-day.js";
import { IdentitySetupGuide } from "./employer/identity-setup-guide.js";
import { useCopyToClipboard } from "./copy-to-clipboard.js";

/** One value to paste into the provider, with a button to copy it. */
function CopyableValue({ label, value, hint, copyLabel }: { label: string; value: string; hint: string; copyLabel: string }) {
  const { t } = useTranslation();
  const copyToClipboard = useCopyToClipboard();
  const copy = () => copyToClipboard(value, t("workplace.employer.directory.copied"));
  return (
    <div className="space-y-1">
      <TextField label={label} hint={hint} value={value} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Button variant="secondary" onClick={() => void copy()}>
        {copyLabel}
      </Button>
    </div>
  );
}

/**
 * /it-setup/{token}: the page an employer's IT person was sent (issue 61
 * §2). It shows this employer's own values written into the guide for
 * Microsoft Entra ID, Okta and Google Workspace, until the link expires, and
 * nothing else: no sign-in, no setting, no token.
 */
export default function ItSetupPage() {
  const { t, i18n } = useTranslation();
  const { token = "" } = useParams();
  const handoff = useQuery({
    queryKey: ["it-handoff", token],
    queryFn: () => api<ItHandoff>(`/it-handoffs/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
  if (handoff.isPending) return <LoadingState label={t("common.loading")} />;
  if (handoff.isError) {
    const gone = handoff.error instanceof ApiError && handoff.error.status === 404;
    return (
      <Page narrow>
        <Card>
          <StatusPanel tone="error" title={t("itSetup.goneTitle")}>
            {gone ? t("itSetup.gone") : errorMessage(handoff.error)}
          </StatusPanel>
        </Card>
      </Page>
    );
  }
  const values = handoff.data;
  const organization = values.organizationName;
  return (
    <Page>
      <PageTitle intro={t("itSetup.intro", { organization })}>{t("itSetup.title", { organization })}</PageTitle>
      <Card className="space-y-4">
        <p className="text-sm text-slate-700">{t("itSetup.expires", { date: formatDay(values.expiresAt, i18n.language) })}</p>
        <p className="text-sm font-medium">
          {t(values.ssoConfigured ? "itSetup.ssoDone" : "itSetup.ssoToDo")} ·{" "}
          {t(values.directoryConnected ? "itSetup.directoryDone" : "itSetup.directoryToDo")}
        </p>
        <section aria-labelledby="it-values" className="space-y-3">
          <h2 id="it-values" className="font-semibold">
            {t("itSetup.values")}
          </h2>
          {(["redirectUri", "scimUrl", "signInUrl"] as const).map((name) => (
            <CopyableValue
              key={name}
              label={t(`itSetup.${name}.label`)}
              hint={t(`itSetup.${name}.hint`, { organization })}
              copyLabel={t(`itSetup.${name}.copy`)}
              value={values[name]}
            />
          ))}
        </section>
        <IdentitySetupGuide audience="it" values={values} />
      </Card>
    </Page>
  );
}
