import { describe, expect, it } from "vitest";
import { usernameSchema } from "./account-fields.js";
import { createOrganizationSchema } from "./admin.js";
import { organizationRequestSchema, organizationSettingsSchema } from "./organizations.js";
import { teamNameSchema } from "./teams.js";
import { legalNameInputSchema, signatoryInputSchema } from "./workplace.js";

/*
 * The names rule (names.ts, issue 46 §2) on every field that takes a name:
 * the corpus below is what people really type, and what someone types to
 * make a name show as something else.
 */

/** Each name field, as the value it parses to or the first message it answers. */
const FIELDS = {
  legalName: (name: string) => legalNameInputSchema.safeParse({ legalName: name }),
  signatory: (name: string) => signatoryInputSchema.safeParse({ name, title: "Director" }),
  teamName: (name: string) => teamNameSchema.safeParse(name),
  organizationName: (name: string) => createOrganizationSchema.safeParse({ name, type: "company", orgCode: "ABCD" }),
  organizationSettings: (name: string) => organizationSettingsSchema.safeParse({ name, type: "company", industry: null }),
  requestedOrganization: (name: string) =>
    organizationRequestSchema.safeParse({
      contactName: name,
      organizationName: name,
      type: "company",
      industry: "accounting",
      email: "ada@example.test",
      phone: "514 555 0199",
      plan: "complete",
      priority: "visibility",
    }),
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

/** Real names in many scripts, with the punctuation names use. */
const REAL_NAMES = [
  "Zoë Saldaña",
  "Jean-François Côté",
  "Nguyễn Thị Minh Khai",
  "Siobhán O’Brien",
  "محمد الأحمد",
  "דנה כהן",
  "李小龍",
  "Ðorđe Balašević",
  "Mohammad\u200cReza Shajarian",
  "Ana María López",
];

/** What makes a name show as something else, or show as nothing. */
const DISGUISES: [string, string][] = [
  ["\u200B\u200B", "validation.nameUnseenCharacters"],
  ["Alice \u202Efdp.exe\u202C Smith", "validation.nameUnseenCharacters"],
  ["Alice\r\nSmith", "validation.nameUnseenCharacters"],
  ["Alice\tSmith", "validation.nameUnseenCharacters"],
  ["Bob\u0007by", "validation.nameUnseenCharacters"],
  ["\u2066Alice\u2069 Tremblay", "validation.nameUnseenCharacters"],
  ["Alice\u200FTremblay", "validation.nameUnseenCharacters"],
  ["Ali\u200Bce Tremblay", "validation.nameUnseenCharacters"],
  ["Alice\uFEFF Tremblay", "validation.nameUnseenCharacters"],
  ["Alice\u0085Tremblay", "validation.nameUnseenCharacters"],
  ["...", "validation.nameNeedsLetter"],
  ["— —", "validation.nameNeedsLetter"],
];

describe("the names rule", () => {
  for (const [field, parse] of Object.entries(FIELDS)) {
    it(`${field}: takes real names in any script, normalised (NFC) and with spaces tidied`, () => {
      for (const name of REAL_NAMES) {
        const result = parse(name);
        expect(result.success, `${field} ${JSON.stringify(name)}: ${firstMessage(result)}`).toBe(true);
      }
      // "é" typed as e + a combining accent is stored as the one letter; runs of spaces are one.
      const decomposed = parse("  Jose\u0301   N\u0303un\u0303ez \n");
      expect(decomposed.success).toBe(true);
      expect(JSON.stringify(decomposed.data)).toContain('"José Ñuñez"');
    });

    it(`${field}: refuses control, direction and invisible characters, and names with no letter`, () => {
      for (const [name, message] of DISGUISES) expect(firstMessage(parse(name)), `${field} ${JSON.stringify(name)}`).toBe(message);
    });
  }

  it("usernames: say what is wrong with an invisible character", () => {
    expect(firstMessage(usernameSchema.safeParse("al\u202Eice"))).toBe("validation.nameUnseenCharacters");
    expect(usernameSchema.safeParse("alice42").success).toBe(true);
  });
});
