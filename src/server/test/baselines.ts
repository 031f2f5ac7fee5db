import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/*
 * Visual baselines for what the server draws (the print kit's PDFs, issue
 * 43), compared the way Playwright compares screenshots: pixel by pixel,
 * a pixel counting as changed when a channel moves by more than CHANNEL,
 * the image failing when more than SHARE of its pixels changed. A missing
 * baseline fails: UPDATE_BASELINES=1 writes it, to be looked at before it is
 * committed. A failure leaves the image drawn beside the system's temporary
 * files for a look.
 */

const CHANNEL = 48;
const SHARE = 0.002;

export async function expectToMatchBaseline(png: Buffer, baseline: string): Promise<void> {
  if (process.env.UPDATE_BASELINES === "1") {
    mkdirSync(path.dirname(baseline), { recursive: true });
    writeFileSync(baseline, png);
    return;
  }
  if (!existsSync(baseline)) throw new Error(`No baseline ${baseline}: run with UPDATE_BASELINES=1, look at it, commit it.`);
  const { default: sharp } = await import("sharp");
  const [actual, expected] = await Promise.all(
    [png, baseline].map((input) => sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  const drawn = path.join(tmpdir(), `actual-${path.basename(baseline)}`);
  if (actual!.info.width !== expected!.info.width || actual!.info.height !== expected!.info.height) {
    writeFileSync(drawn, png);
    throw new Error(
      `${path.basename(baseline)}: ${actual!.info.width}×${actual!.info.height}, the baseline ${expected!.info.width}×${expected!.info.height} (drawn: ${drawn})`,
    );
  }
  let changed = 0;
  for (let i = 0; i < actual!.data.length; i += 3) {
    if ([0, 1, 2].some((c) => Math.abs(actual!.data[i + c]! - expected!.data[i + c]!) > CHANNEL)) changed += 1;
  }
  const share = changed / (actual!.info.width * actual!.info.height);
  if (share > SHARE) {
    writeFileSync(drawn, png);
    throw new Error(
      `${path.basename(baseline)}: ${(share * 100).toFixed(2)} % of pixels changed (at most ${SHARE * 100} %; drawn: ${drawn})`,
    );
  }
}
