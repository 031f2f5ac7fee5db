import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../../lib/public-config.js";
import { LegalPage } from "./legal-page.js";

export default function PrivacyPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const officer = config.data?.privacyOfficer;
  // The deployment names its person in charge (PRIVACY_OFFICER_NAME/EMAIL); until it is known, the role and the contact page.
  const vars = officer
    ? { officer: officer.name ?? t("privacy.officerRole"), officerEmail: officer.email }
    : { officer: t("privacy.officerRole"), officerEmail: t("privacy.contactPage") };
  return <LegalPage namespace="privacy" sections={["collect", "use", "public", "share", "keep", "rights", "contact"]} vars={vars} />;
}
