import { useEffect, useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import {
  emailChoiceSchema,
  NOTIFICATION_SETTINGS_PATH,
  type EmailChoiceAction,
  type EmailChoiceOutcome,
} from "../../../shared/schemas/notifications.js";
import { dateFormat } from "../../../shared/i18n/format.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { api, ApiError } from "../../lib/api.js";

/**
 * Where an email's one-tap links lead (pause a week, stop): no sign-in, the
 * link's seal says who. The link itself changes nothing — a mail provider
 * that opens links to check them would otherwise stop the emails — so the
 * page asks once it is open, then says what it did and offers to undo it.
 */
export default function EmailChoicesPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const parsed = emailChoiceSchema.safeParse(Object.fromEntries(params));
  const choose = useMutation({
    mutationFn: (action: EmailChoiceAction): Promise<EmailChoiceOutcome> =>
      api("/email-choices", { method: "POST", body: { ...Object.fromEntries(params), do: action } }),
  });
  const asked = useRef(false);
  useEffect(() => {
    if (!parsed.success || asked.current) return;
    asked.current = true;
    choose.mutate(parsed.data.do);
  }, [parsed.success, parsed.data?.do, choose]);

  const outcome = choose.data;
  const kind = outcome ? t(`profile.notifications.kinds.${outcome.kind}.label` as never) : "";
  const said = (() => {
    if (!outcome) return null;
    if (outcome.state === "stopped") return t("emailChoicesPage.stopped", { kind });
    if (outcome.state === "paused")
      return t("emailChoicesPage.paused", {
        kind,
        date: dateFormat(i18n.language, { dateStyle: "long" }).format(new Date(outcome.until!)),
      });
    return t("emailChoicesPage.on", { kind });
  })();
  return (
    <Page narrow>
      <PageTitle>{t("emailChoicesPage.title")}</PageTitle>
      {!parsed.success ? (
        <Card role="alert">{t("emailChoicesPage.badLink")}</Card>
      ) : choose.isPending ? (
        <LoadingState label={t("emailChoicesPage.saving")} />
      ) : choose.isError ? (
        <Card role="alert">
          <p>{choose.error instanceof ApiError && choose.error.code !== "network" ? choose.error.message : t("emailChoicesPage.failed")}</p>
          {!(choose.error instanceof ApiError && choose.error.status === 404) && (
            <Button className="mt-3" onClick={() => choose.mutate(parsed.data.do)}>
              {t("common.tryAgain")}
            </Button>
          )}
        </Card>
      ) : outcome ? (
        <Card>
          <p role="status" className="text-slate-900">
            {said}
          </p>
          {outcome.state !== "on" && (
            <Button variant="secondary" className="mt-3" onClick={() => choose.mutate("undo")}>
              {t("emailChoicesPage.undo")}
            </Button>
          )}
        </Card>
      ) : null}
      <p className="mt-6">
        <Link to={NOTIFICATION_SETTINGS_PATH} className="font-semibold text-brand-dark underline">
          {t("emailChoicesPage.allSettings")}
        </Link>
      </p>
    </Page>
  );
}
