import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { AcceptConsentsInput, Profile } from "../../shared/schemas/profile.js";
import { Button } from "../components/ui/button.js";
import { showApiError } from "../lib/api-errors.js";
import { api } from "../lib/api.js";
import { useSession } from "../lib/session.js";
import { useProfileMutation } from "../lib/update-profile.js";

const DOCUMENT_PATHS = { terms: "/terms", privacy: "/privacy" } as const;

/** A new version of the terms or the privacy policy: asked once, until the member accepts it. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const accept = useProfileMutation((input: AcceptConsentsInput): Promise<Profile> => api("/me/consents", { method: "POST", body: input }));
  const needed = user?.consentsNeeded ?? [];
  if (needed.length === 0) return null;
  return (
    <section aria-labelledby="consent-title" className="mx-4 mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <h2 id="consent-title" className="font-bold">
        {t("consent.title")}
      </h2>
      <p className="mt-1 text-sm">
        {t("consent.body")}{" "}
        {needed.map((document, index) => (
          <span key={document}>
            {index > 0 && ` ${t("consent.and")} `}
            <Link to={DOCUMENT_PATHS[document]} className="font-semibold underline">
              {t(`consent.documents.${document}`)}
            </Link>
          </span>
        ))}
      </p>
      <Button
        className="mt-3"
        disabled={accept.isPending}
        onClick={() => accept.mutate({ documents: needed }, { onError: (error) => showApiError(error, { fallback: t("consent.failed") }) })}
      >
        {t("consent.accept")}
      </Button>
    </section>
  );
}
