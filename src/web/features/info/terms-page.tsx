import { LegalPage } from "./legal-page.js";

export default function TermsPage() {
  return (
    <LegalPage
      namespace="terms"
      sections={["service", "account", "fair", "contests", "content", "deletion", "liability", "changes", "law"]}
    />
  );
}
