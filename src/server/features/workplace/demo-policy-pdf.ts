import { PDFDocument, PageSizes } from "pdf-lib";
import { DEMO_LANGUAGE_OF_COUNTRY, localeOf } from "../../../shared/i18n/languages.js";
import { paragraph, ROSE } from "../../platform/pdf/pdf-drawing.js";
import { PdfText } from "../../platform/pdf/pdf-fonts.js";

/** The demo employer's harassment-prevention policy, as the PDF it uploaded (demo-workplace.ts). */
const POLICY_TEXT = [
  "Politique de prévention du harcèlement psychologique et sexuel au travail",
  "1. Objet. Café Bienveillance s’engage à offrir un milieu de travail exempt de harcèlement psychologique et sexuel, conformément à la Loi sur les normes du travail et à la Loi sur la santé et la sécurité du travail.",
  "2. Portée. La politique vise toutes les personnes du milieu de travail : membres du personnel, gestionnaires, stagiaires, ainsi que les clients et fournisseurs dans leurs rapports avec le personnel.",
  "3. Plainte. Toute personne peut signaler une situation à la coordonnatrice des ressources humaines ou à un membre du comité de santé et de sécurité, de vive voix ou par écrit.",
  "4. Traitement. Chaque plainte est traitée avec diligence et en toute confidentialité; personne ne subit de représailles pour un signalement fait de bonne foi.",
  "5. Formation. Tout le personnel suit la formation de prévention offerte dans l’espace Bien-être au travail de Kindly, et la politique est revue chaque année.",
];

export async function demoPolicyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(POLICY_TEXT[0]!);
  // The demo employer is in Québec: its policy is written in French.
  pdf.setLanguage(localeOf(DEMO_LANGUAGE_OF_COUNTRY.CA!));
  const text = PdfText.for(pdf);
  const page = pdf.addPage(PageSizes.Letter);
  let y = page.getHeight() - 72;
  y = (await paragraph(page, text, "bold", POLICY_TEXT[0]!, 60, y, page.getWidth() - 120, 16, ROSE)) - 12;
  for (const line of POLICY_TEXT.slice(1)) y = (await paragraph(page, text, "regular", line, 60, y, page.getWidth() - 120, 11)) - 8;
  return Buffer.from(await pdf.save());
}
