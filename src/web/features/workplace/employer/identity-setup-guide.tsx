import { useTranslation } from "react-i18next";
import type { SsoSettings } from "../../../../shared/schemas/workplace.js";

const PROVIDERS = {
  entra: { sso: ["sso1", "sso2", "sso3", "sso4"], scim: ["scim1", "scim2", "scim3"] },
  okta: { sso: ["sso1", "sso2"], scim: ["scim1", "scim2", "scim3"] },
  google: { sso: ["sso1", "sso2", "sso3"], scim: ["scim1"] },
} as const;

/**
 * The employer's IT person's steps for Entra ID, Okta and Google Workspace
 * (issue 58 §6), each with this employer's own addresses written in, as
 * docs/employer-identity-guide.md has them in full.
 */
export function IdentitySetupGuide({ sso, scimUrl }: { sso: SsoSettings; scimUrl: string }) {
  const { t } = useTranslation();
  const words = "workplace.employer.sso.guide";
  const values = {
    redirectUri: sso.redirectUri,
    signInUrl: sso.signInUrl,
    scimUrl,
    // Addresses written as the provider spells them: never translated, never typeset.
    entraIssuer: "https://login.microsoftonline.com/<tenant ID>/v2.0",
    entraFlag: "?aadOptscim062020",
    oktaIssuer: "https://<your Okta domain>",
    googleIssuer: "https://accounts.google.com",
    interpolation: { escapeValue: false },
  };
  return (
    <section aria-labelledby="identity-setup-guide" className="space-y-2 border-t border-slate-100 pt-3">
      <h4 id="identity-setup-guide" className="font-semibold">
        {t(`${words}.title`)}
      </h4>
      <p className="text-sm text-slate-700">{t(`${words}.intro`)}</p>
      {(Object.keys(PROVIDERS) as (keyof typeof PROVIDERS)[]).map((provider) => (
        <details key={provider} className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer font-medium">{t(`${words}.${provider}.name`)}</summary>
          <h5 className="mt-2 text-sm font-semibold">{t(`${words}.ssoHeading`)}</h5>
          <ol className="list-decimal space-y-1 pl-5 text-sm break-words">
            {PROVIDERS[provider].sso.map((step) => (
              <li key={step}>{t(`${words}.${provider}.${step}` as never, values)}</li>
            ))}
            <li>{t(`${words}.share`, values)}</li>
          </ol>
          <h5 className="mt-2 text-sm font-semibold">{t(`${words}.scimHeading`)}</h5>
          <ol className="list-decimal space-y-1 pl-5 text-sm break-words">
            {PROVIDERS[provider].scim.map((step) => (
              <li key={step}>{t(`${words}.${provider}.${step}` as never, values)}</li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
