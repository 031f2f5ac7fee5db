import { useTranslation } from "react-i18next";

const PROVIDERS = {
  entra: { sso: ["sso1", "sso2", "sso3", "sso4"], scim: ["scim1", "scim2", "scim3"] },
  okta: { sso: ["sso1", "sso2"], scim: ["scim1", "scim2", "scim3"] },
  google: { sso: ["sso1", "sso2", "sso3"], scim: ["scim1"] },
} as const;

/** The steps said otherwise to the IT person, who cannot open the employer's settings ("Here:", "the token made below"). */
const FOR_IT: Record<keyof typeof PROVIDERS, ReadonlySet<string>> = {
  entra: new Set(["sso4", "scim2"]),
  okta: new Set(["sso2", "scim2"]),
  google: new Set(["sso3"]),
};

/** This employer's own values, written into the steps. */
export interface IdentityValues {
  redirectUri: string;
  signInUrl: string;
  scimUrl: string;
  organizationName: string;
}

/**
 * The employer's IT person's steps for Entra ID, Okta and Google Workspace
 * (issue 58 §6), each with this employer's own addresses written in, as
 * docs/employer-identity-guide.md has them in full. `audience`: the employer
 * on its settings, or its IT person on the page it was sent (issue 61 §2),
 * where the steps done in Kindly become what to send back.
 */
export function IdentitySetupGuide({ values, audience }: { values: IdentityValues; audience: "employer" | "it" }) {
  const { t } = useTranslation();
  const words = "workplace.employer.sso.guide";
  const variables = {
    redirectUri: values.redirectUri,
    signInUrl: values.signInUrl,
    scimUrl: values.scimUrl,
    organization: values.organizationName,
    // Addresses written as the provider spells them: never translated, never typeset.
    entraIssuer: "https://login.microsoftonline.com/<tenant ID>/v2.0",
    entraFlag: "?aadOptscim062020",
    oktaIssuer: "https://<your Okta domain>",
    googleIssuer: "https://accounts.google.com",
    interpolation: { escapeValue: false },
  };
  const step = (provider: keyof typeof PROVIDERS, name: string) =>
    t(`${words}.${provider}.${audience === "it" && FOR_IT[provider].has(name) ? `${name}It` : name}` as never, variables);
  const Heading = audience === "it" ? "h2" : "h4";
  const Sub = audience === "it" ? "h3" : "h5";
  return (
    <section aria-labelledby="identity-setup-guide" className="space-y-2 border-t border-slate-100 pt-3">
      <Heading id="identity-setup-guide" className="font-semibold">
        {t(`${words}.title`)}
      </Heading>
      {audience === "employer" && <p className="text-sm text-slate-700">{t(`${words}.intro`)}</p>}
      {(Object.keys(PROVIDERS) as (keyof typeof PROVIDERS)[]).map((provider) => (
        <details key={provider} className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer font-medium">{t(`${words}.${provider}.name`)}</summary>
          <Sub className="mt-2 text-sm font-semibold">{t(`${words}.ssoHeading`)}</Sub>
          <ol className="list-decimal space-y-1 pl-5 text-sm break-words">
            {PROVIDERS[provider].sso.map((name) => (
              <li key={name}>{step(provider, name)}</li>
            ))}
            <li>{t(audience === "it" ? `${words}.shareIt` : `${words}.share`, variables)}</li>
          </ol>
          <Sub className="mt-2 text-sm font-semibold">{t(`${words}.scimHeading`)}</Sub>
          <ol className="list-decimal space-y-1 pl-5 text-sm break-words">
            {PROVIDERS[provider].scim.map((name) => (
              <li key={name}>{step(provider, name)}</li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
