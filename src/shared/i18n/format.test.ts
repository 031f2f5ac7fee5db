import { describe, expect, it } from "vitest";
import { dateFormat, numberFormat } from "./format.js";

const dollars = (language: string, amount: number) =>
  numberFormat(language, { style: "currency", currency: "CAD", maximumFractionDigits: 0 }).format(amount);

// 2026-11-26 at 17:46 in Montréal.
const AT = new Date("2026-11-26T22:46:00Z");
const MONTREAL = { timeZone: "America/Toronto" } as const;

describe("formats for people, in Québec's locales", () => {
  it("writes French as Québec does: 17 h 46, 2026-11-26, 26 novembre 2026, 1 234,5, 50 $", () => {
    expect(dateFormat("fr", { ...MONTREAL, hour: "numeric", minute: "2-digit" }).format(AT)).toBe("17\u202fh\u202f46");
    expect(dateFormat("fr", { ...MONTREAL, dateStyle: "short" }).format(AT)).toBe("2026-11-26");
    expect(dateFormat("fr", { ...MONTREAL, dateStyle: "long" }).format(AT)).toBe("26 novembre 2026");
    expect(numberFormat("fr").format(1234.5)).toBe("1\u00a0234,5");
    expect(dollars("fr", 50)).toBe("50\u00a0$");
  });

  it("writes English as Canada does", () => {
    expect(dateFormat("en", { ...MONTREAL, hour: "numeric", minute: "2-digit" }).format(AT)).toBe("5:46 p.m.");
    expect(dateFormat("en", { ...MONTREAL, dateStyle: "long" }).format(AT)).toBe("November 26, 2026");
    expect(numberFormat("en").format(1234)).toBe("1,234");
    expect(dollars("en", 50)).toBe("$50");
  });

  it("takes a tag as well as a code, and an unknown one as English", () => {
    expect(dateFormat("fr-FR", { ...MONTREAL, dateStyle: "short" }).format(AT)).toBe("2026-11-26");
    expect(numberFormat("xx").format(1234)).toBe("1,234");
  });
});
