import { LegalPage } from "./legal-page.js";

export default function PrivacyPage() {
  return <LegalPage namespace="privacy" sections={["collect", "use", "public", "share", "keep", "rights", "contact"]} />;
}
