import { formatDay } from "../../platform/format/quebec-dates.js";
import { PDFDocument, PageSizes } from "pdf-lib";
import { localeOf, type Language } from "../../../shared/i18n/languages.js";
import { translate } from "../../../shared/i18n/translate.js";
import { CERTIFICATE_OUTCOMES, type CertificateKind } from "../../../shared/workplace/learning.js";
import { centred, GREY, INK, ROSE } from "../../platform/pdf/pdf-drawing.js";
import { drawLogo, drawLogoImage, embedLogo } from "../../platform/pdf/brand.js";
import { PdfText } from "../../platform/pdf/pdf-fonts.js";
import { drawQr } from "../../platform/pdf/pdf-qr.js";

export interface CertificateFacts {
  kind: CertificateKind;
  code: string;
  /** The holder's full legal name. */
  holder: string;
  employer: string;
  completedAt: Date;
  /** The day it stops being valid (the employer's validity for the kind); null: never. */
  expiresAt: Date | null;
  durationMinutes: number;
  /** Who signs for the employer, as named when the certificate was issued. */
  signatory: { name: string; title: string } | null;
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
  await centred(page, text, "bold", t(language, `title.${facts.kind}`), middle, height! - 126, 28);
  await centred(page, text, "regular", t(language, "certifies"), middle, height! - 160, 13, GREY);
  await centred(page, text, "bold", facts.holder, middle, height! - 194, 26);
  await centred(page, text, "regular", t(language, `completed.${facts.kind}`), middle, height! - 224, 13);
  const when = [
    t(language, "employer", { employer: facts.employer }),
    t(language, "date", { date: formatDay(language, facts.completedAt) }),
    t(language, "duration", { count: facts.durationMinutes }),
  ].join("  ·  ");
  await centred(page, text, "regular", when, middle, height! - 248, 12);
  const tries = [
    facts.score !== null && facts.kind !== "training" ? t(language, "score", { score: facts.score }) : null,
    facts.attempts !== null ? t(language, "attempts", { count: facts.attempts }) : null,
    facts.expiresAt ? t(language, "validUntil", { date: formatDay(language, facts.expiresAt) }) : null,
  ].filter((line) => line !== null);
  if (tries.length > 0) await centred(page, text, "regular", tries.join("  ·  "), middle, height! - 268, 10.5, GREY);

  // What the training taught: the outcomes an inspector reads it for.
  let y = height! - 298;
  await centred(page, text, "bold", t(language, "outcomesTitle"), middle, y, 11.5);
  for (let n = 1; n <= CERTIFICATE_OUTCOMES[facts.kind]; n++) {
    y -= 15;
    await centred(page, text, "regular", `•  ${t(language, `outcomes.${facts.kind}.o${n}`)}`, middle, y, 10, INK);
  }

  // The signature block, between the check code and the QR: the signatory the employer named, or who issued it for them.
  const signatureY = 134;
  page.drawLine({ start: { x: middle - 110, y: signatureY }, end: { x: middle + 110, y: signatureY }, thickness: 0.75, color: GREY });
  if (facts.signatory) {
    await centred(page, text, "bold", facts.signatory.name, middle, signatureY - 16, 12);
    await centred(page, text, "regular", facts.signatory.title, middle, signatureY - 31, 10, GREY);
    await centred(page, text, "regular", t(language, "signatoryFor", { employer: facts.employer }), middle, signatureY - 45, 9.5, GREY);
  } else {
    await centred(page, text, "regular", t(language, "noSignatory", { employer: facts.employer }), middle, signatureY - 16, 10, GREY);
  }

  // A vector code: as sharp printed as on screen.
  drawQr(page, facts.verifyUrl, CERTIFICATE_QR);
  await text.draw(page, t(language, "verifyWith"), { x: 60, y: 110, size: 10.5, color: GREY });
  await text.draw(page, facts.code, { x: 60, y: 88, size: 16, weight: "bold", color: INK });
  await text.draw(page, facts.verifyUrl, { x: 60, y: 68, size: 9.5, color: GREY });
  return pdf.save();
}
