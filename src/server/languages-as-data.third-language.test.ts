import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../shared/i18n/languages.js";
import { PSEUDO_LANGUAGE } from "../shared/i18n/pseudo-locale.js";
import { buildOrganization, outboxFor, signedInOfficial, signedInUser } from "./test/factories.js";
import { useTestServer } from "./test/test-server.js";
import { PSEUDO_TEXT } from "./test/pseudo-language.js";

/*
 * Languages are data (issue 63 §5): with a third language added to the
 * registry at runtime (third-language-setup.ts: the pseudo-locale, known
 * only by its messages), the API takes it wherever it takes a language,
 * answers every text kept per language with it, writes its messages and
 * errors in it, and mails in it. No code was told of it.
 */

/** Every object of an answer that holds text per language (it has each of the first two): the languages it lacks. */
function missingLanguages(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => missingLanguages(item, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const perLanguage = LANGUAGES.slice(0, 2).every((language) => typeof record[language] === "string");
  const own = perLanguage ? LANGUAGES.filter((language) => typeof record[language] !== "string").map((l) => `${path}.${l}`) : [];
  return [...own, ...Object.entries(record).flatMap(([key, inner]) => missingLanguages(inner, `${path}.${key}`))];
}

describe("a third language added at runtime", () => {
  const suite = useTestServer("postgres");

  it("is in the registry the schemas were built from", () => {
    expect(LANGUAGES).toContain(PSEUDO_LANGUAGE);
    expect(LANGUAGES).toHaveLength(3);
  });

  it("is taken, answered, written and mailed wherever a language is", async () => {
    const { db } = suite.server.deps;
    const official = await signedInOfficial(suite.server);
    const perLanguage = (word: string) => Object.fromEntries(LANGUAGES.map((language) => [language, `${word} ${language}`]));
    const now = Date.now();
    const contest = await official.client.post("/api/admin/contests", {
      name: perLanguage("Contest"),
      description: perLanguage("About"),
      startsAt: new Date(now - 3_600_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
      prizes: [{ category: perLanguage("Grand"), name: perLanguage("Bike"), quantity: 1 }],
    });
    expect(contest.status).toBe(201);

    const person = await signedInUser(suite.server);
    const chosen = await person.client.patch("/api/me", { languagePreference: PSEUDO_LANGUAGE });
    expect(chosen.status).toBe(200);
    expect(chosen.body.languagePreference).toBe(PSEUDO_LANGUAGE);

    // The scan's answer: its contest's name in every language, the third's as the official account wrote it.
    const { physical, virtual } = await buildOrganization(db);
    const scan = await person.client.post("/api/scans", physical);
    expect(scan.status).toBe(201);
    expect(scan.body.ticketsIn).toEqual([expect.objectContaining({ [PSEUDO_LANGUAGE]: `Contest ${PSEUDO_LANGUAGE}` })]);
    const place = await person.client.post("/api/scans", { ...virtual[0]!.code, ...virtual[0]!.at });
    expect(place.status).toBe(201);

    const answers = {
      scan: scan.body,
      place: place.body,
      adminContests: (await official.client.get("/api/admin/contests")).body,
      history: (await person.client.get("/api/me/acts")).body,
      myStats: (await person.client.get("/api/me/stats")).body,
      contests: (await person.client.get("/api/contests")).body,
    };
    expect(missingLanguages(answers)).toEqual([]);
    // The reader is not blind: it walks texts kept per language (a contest's name, prize, description, the scan's tickets).
    expect(JSON.stringify(answers).split(`"${PSEUDO_LANGUAGE}":`).length - 1).toBeGreaterThan(4);
    expect(missingLanguages({ kept: { [LANGUAGES[0]]: "a", [LANGUAGES[1]!]: "b" } })).toEqual([`$.kept.${PSEUDO_LANGUAGE}`]);
    expect(JSON.stringify(answers.adminContests)).toContain(`Bike ${PSEUDO_LANGUAGE}`);

    // Read in the third language: a contest's name as written in it, a refusal in its words.
    const inPseudo = { "x-kindly-language": PSEUDO_LANGUAGE };
    const overview = await person.client.request("GET", "/api/contests", undefined, inPseudo);
    expect(JSON.stringify(overview.body)).toContain(`Contest ${PSEUDO_LANGUAGE}`);
    const refused = await person.client.request("POST", "/api/scans", { org: "NOPE", loc: "nothing", type: "virtual" }, inPseudo);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.error.message).toMatch(PSEUDO_TEXT);

    // Mailed in the person's language: a reset link's email.
    expect((await person.client.post("/api/auth/forgot-password", { email: person.email })).status).toBe(200);
    const [mail] = await outboxFor(suite.server, person.email);
    expect(mail!.subject).toMatch(PSEUDO_TEXT);
  });
});
