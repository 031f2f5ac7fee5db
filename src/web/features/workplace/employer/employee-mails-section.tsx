import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_DETAILS, LANGUAGES, languageFromTag, type Language } from "../../../../shared/i18n/languages.js";
import { EMPLOYEE_MAILS, type EmployeeMail, type EmployeeMailPreview } from "../../../../shared/schemas/workplace.js";
import { Card, LoadingState } from "../../../components/ui/card.js";
import { SelectField } from "../../../components/ui/field.js";
import { LoadFailed } from "../../../components/ui/load-failed.js";
import { Segmented } from "../../../components/ui/segmented.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/**
 * The mails employees receive, as they will read them (issue 61 §2): the
 * employer picks one and a language and sees its subject, the mail itself
 * (in a frame that runs nothing) and the notification sent beside it.
 */
export function EmployeeMailsSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const [mail, setMail] = useState<EmployeeMail>("surveyInvitation");
  const [language, setLanguage] = useState<Language>(languageFromTag(i18n.language));
  const preview = useQuery({
    queryKey: [...queryKeys.organizationPart(organizationId, "workplace"), "employee-mail", mail, language],
    queryFn: () =>
      api<EmployeeMailPreview>(`/organizations/${organizationId}/workplace/employee-mails/${mail}?${new URLSearchParams({ language })}`),
  });
  return (
    <Card className="space-y-3">
      <div>
        <h3 className="text-lg font-bold">{t("employer.mails.title")}</h3>
        <p className="text-sm text-slate-700">{t("employer.mails.intro")}</p>
      </div>
      <SelectField
        label={t("employer.mails.choose")}
        value={mail}
        onChange={(event) => setMail(event.target.value as EmployeeMail)}
        options={EMPLOYEE_MAILS.map((value) => ({ value, label: t(`employer.mails.kinds.${value}.name`) }))}
      />
      <p className="text-sm text-slate-700">{t(`employer.mails.kinds.${mail}.when`)}</p>
      <Segmented
        label={t("employer.mails.language")}
        value={language}
        onChange={setLanguage}
        options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_DETAILS[value].nativeName }))}
      />
      {preview.isPending && <LoadingState label={t("workplace.loading")} />}
      {preview.isError && <LoadFailed onRetry={() => void preview.refetch()} />}
      {preview.data && (
        <div className="space-y-3">
          <p className="text-sm">
            <span className="font-semibold">{t("employer.mails.subject")}</span> {preview.data.subject}
          </p>
          {/* The mail's own page, sandboxed: its links and styles stay inside, nothing in it runs. */}
          <iframe
            title={t("employer.mails.frameTitle", { subject: preview.data.subject })}
            srcDoc={preview.data.html}
            sandbox=""
            lang={language}
            className="h-[32rem] w-full rounded-lg border border-slate-200 bg-white"
          />
          {preview.data.push && (
            <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
              <p className="font-semibold">{t("employer.mails.push")}</p>
              <p className="mt-1 font-medium">{preview.data.push.title}</p>
              <p>{preview.data.push.body}</p>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
