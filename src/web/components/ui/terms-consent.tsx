import { Trans } from "react-i18next";
import { Link } from "react-router";

/** What making an account accepts, with links to the terms and the privacy policy: every form that makes one says it. */
export function TermsConsent() {
  return (
    <p className="text-sm text-slate-700">
      <Trans
        i18nKey="auth.acceptOnSignUp"
        components={{
          terms: <Link to="/terms" className="font-semibold text-brand-dark underline" />,
          privacy: <Link to="/privacy" className="font-semibold text-brand-dark underline" />,
        }}
      />
    </p>
  );
}
