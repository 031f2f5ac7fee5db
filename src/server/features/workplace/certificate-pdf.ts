import { formatDay } from "../../platform/format/quebec-dates.js";
import { PDFDocument, PageSizes } from "pdf-lib";
import { localeOf, type Language } from "../../../shared/i18n/languages.js";
import { translate } from "../../../shared/i18n/translate.js";
import { HARASSMENT_TOPICS, type CertificateKind } from "../../../shared/workplace/learning.js";
import { centred, GREY, INK, ROSE } from "../../platform/pdf/pdf-drawing.js";
import { drawLogo, drawLogoImage, embedLogo } from "../../platform/pdf/brand.js";
import { PdfText } from "../../platform/pdf/pdf-fonts.js";
import { drawQr } from "../../platform/pdf/pdf-qr.js";

export interface CertificateFacts {
  kind: CertificateKind;
  code: string;
  holder: string;
  employer: string;
  completedAt: Date;
  score: number | null;
  attempts: number | null;
  /** Where anyone can check it: {APP_URL}/verify/{code}. */
  verifyUrl: string;
  /** The employer's logo (a PNG Kindly made), when it uploaded one. */
  employerLogo: Uint8Array | null;
}

const t = (language: Language, key: string, vars?: Record<string, string | number>) =>
  translate(language, `workplace.certificate.${key}`, vars);

/** Where the verification code prints (landscape Letter): its lower-left corner and its side, quiet zone included (3.9 cm). */
export const CERTIFICATE_QR = { x: PageSizes.Letter[1] - 170, y: 52, size: 110 };

/** A one-page landscape certificate: who, what, when, for which employer, and how to check it. */
export async function certificatePdf(facts: CertificateFacts, language: Language): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t(language, `title.${facts.kind}`)} — ${facts.holder}`);
  pdf.setLanguage(localeOf(language));
  pdf.setProducer("Kindly");
  const text = PdfText.for(pdf);
  const [height, width] = PageSizes.Letter;
  const page = pdf.addPage([width!, height!]);
  const middle = width! / 2;

  page.drawRectangle({ x: 24, y: 24, width: width! - 48, height: height! - 48, borderColor: ROSE, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: width! - 64, height: height! - 64, borderColor: ROSE, borderWidth: 0.75 });
  // Kindly's mark and name at the top; the employer's logo, when it has one, in the top corner.
  const logoSize = 30;
  const wordWidth = (await text.prepare("bold", "Kindly"), text.width("Kindly", "bold", logoSize * 0.72));
  await drawLogo(page, text, { x: middle - (logoSize * 1.25 + wordWidth) / 2, top: height! - 62, size: logoSize });
  const employerLogo = await embedLogo(pdf, facts.employerLogo);
  if (employerLogo) drawLogoImage(page, employerLogo, width! - 130, height! - 52, { width: 140, height: 56 });
  await centred(page, text, "bold", t(language, `title.${facts.kind}`), middle, height! - 140, 30);
  await centred(page, text, "regular", t(language, "certifies"), middle, height! - 185, 14, GREY);
  await centred(page, text, "bold", facts.holder, middle, height! - 225, 28);
  await centred(page, text, "regular", t(language, `completed.${facts.kind}`), middle, height! - 262, 14);
  await centred(page, text, "regular", t(language, "employer", { employer: facts.employer }), middle, height! - 288, 14);
  await centred(page, text, "regular", t(language, "date", { date: formatDay(language, facts.completedAt) }), middle, height! - 314, 14);

  let y = height! - 346;
  if (facts.score !== null && facts.kind !== "training") {
    await centred(page, text, "regular", t(language, "score", { score: facts.score }), middle, y, 12, GREY);
    y -= 20;
  }
  if (facts.attempts !== null) {
    await centred(page, text, "regular", t(language, "attempts", { count: facts.attempts }), middle, y, 12, GREY);
    y -= 20;
  }
  if (facts.kind === "harassment") {
    const topics = HARASSMENT_TOPICS.map((topic) => translate(language, `workplace.quizzes.harassment.topics.${topic}`)).join(" · ");
    await centred(page, text, "regular", t(language, "topics", { topics }), middle, y, 10.5, GREY);
  }

  // A vector code: as sharp printed as on screen.
  drawQr(page, facts.verifyUrl, CERTIFICATE_QR);
  await text.draw(page, t(language, "verifyWith"), { x: 60, y: 110, size: 10.5, color: GREY });
  await text.draw(page, facts.code, { x: 60, y: 88, size: 16, weight: "bold", color: INK });
  await text.draw(page, facts.verifyUrl, { x: 60, y: 68, size: 9.5, color: GREY });
  return pdf.save();
}
