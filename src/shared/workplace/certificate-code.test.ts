import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, certificateCodeFrom, normalizeCertificateCode } from "./certificate-code.js";

describe("certificate verification codes", () => {
  it("look like KC-XXXX-XXXX-XXXX and check out", () => {
    for (let i = 0; i < 200; i++) {
      const code = certificateCodeFrom(randomBytes(11));
      expect(code).toMatch(/^KC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(normalizeCertificateCode(code)).toBe(code);
    }
  });

  it("accept what people type: lower case, spaces, no dashes, O for 0 and I or L for 1", () => {
    const code = certificateCodeFrom(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(code.startsWith("KC-0123-4567-89A")).toBe(true);
    const typed = code.toLowerCase().replace(/-/g, " ").replace("0", "o").replace("1", "l");
    expect(normalizeCertificateCode(typed)).toBe(code);
    expect(normalizeCertificateCode(code.replace(/-/g, ""))).toBe(code);
  });

  it("catch every single mistyped character", () => {
    const code = certificateCodeFrom(randomBytes(11));
    const compact = code.replace(/-/g, "").slice(2);
    for (let position = 0; position < compact.length; position++) {
      for (const symbol of CODE_ALPHABET) {
        if (symbol === compact[position]) continue;
        const wrong = compact.slice(0, position) + symbol + compact.slice(position + 1);
        expect(normalizeCertificateCode(wrong)).toBeNull();
      }
    }
  });

  it("catch two neighbouring characters swapped", () => {
    let caught = 0;
    let swaps = 0;
    for (let i = 0; i < 100; i++) {
      const compact = certificateCodeFrom(randomBytes(11)).replace(/-/g, "").slice(2);
      for (let p = 0; p < compact.length - 1; p++) {
        if (compact[p] === compact[p + 1]) continue;
        swaps++;
        const swapped = compact.slice(0, p) + compact[p + 1] + compact[p] + compact.slice(p + 2);
        if (normalizeCertificateCode(swapped) === null) caught++;
      }
    }
    // Luhn mod N misses only a swap of the first and last symbols ("0" and "Z"): about 1 swap in 500.
    expect(caught / swaps).toBeGreaterThan(0.99);
  });

  it("refuse what is not a code", () => {
    for (const input of ["", "KC-", "hello", "KC-1234-5678", "KC-UUUU-UUUU-UUUU"]) expect(normalizeCertificateCode(input)).toBeNull();
  });
});
