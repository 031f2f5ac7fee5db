/**
 * Whether a chat message (or a thanks note) gives away an email address
 * (participant spec §5: "Email addresses are not allowed in messages to
 * protect user privacy"), written plainly or disguised: spelled-out signs in
 * English and French (`at`, `arobase`, `arobas`, `a commercial`, `chez`,
 * `dot`, `point`), brackets, underscores, letters spaced out, HTML entities,
 * percent-encoding, full-width signs, look-alike letters from other scripts,
 * zero-width spaces, bidirectional controls (an isolate around the "@", a
 * right-to-left override that shows "moc.liamg@eiram" as an address: read
 * as displayed), a bracketed "a" for the sign ("marie(a)gmail.com"), a comma
 * for the dot, a webmail name without its domain ("my gmail is
 * marie.dupont42"). Mentions (`@username`), prices, times and
 * ordinary sentences with "at", "chez" or "point" in them are not addresses.
 */
export function containsEmailAddress(text: string): boolean {
  // The text in the order its characters are stored, and in the order a right-to-left override shows them.
  return [...new Set([text, asDisplayed(text)])].some((order) => {
    const base = normalize(order);
    // The same text read three ways: as written, with underscores as spaces
    // ("marie_at_gmail_dot_com"), and with letters spaced out joined again.
    const readings = new Set([base, base.replace(/_/g, " "), joinSpacedLetters(base), joinSpacedLetters(base.replace(/_/g, " "))]);
    return [...readings].some(looksLikeAddress);
  });
}

/** Right-to-left override (U+202E) until its pop (U+202C) or the end of the line: shown in reverse. */
const RIGHT_TO_LEFT_OVERRIDE = /\u202E([^\u202C\n]*)/g;

/** The text as a screen shows it where a right-to-left override reverses Latin letters. */
function asDisplayed(text: string): string {
  return text.replace(RIGHT_TO_LEFT_OVERRIDE, (_whole, span: string) => [...span].reverse().join(""));
}

function looksLikeAddress(text: string): boolean {
  if (SIGNED.test(text) || SPELLED.test(text) || PROVIDER_GIVEN.test(text)) return true;
  for (const match of text.matchAll(WORD_AT_REAL_DOT)) {
    const [, local, domain, tld] = match as unknown as [string, string, string, string];
    if (isHandle(local) || PROVIDERS.has(domain.split(".")[0]!) || (COMMON_TLDS.has(tld) && isName(local))) return true;
  }
  for (const match of text.matchAll(AT_PROVIDER)) {
    const [, local, how] = match as unknown as [string, string, string];
    const word = how.trim();
    // "on gmail" says where, not who, unless a user name comes before it.
    if (word === "@" || isHandle(local) || (!/^(on|sur)$/.test(word) && isName(local))) return true;
  }
  return false;
}

// ---- Reading the text the way a person would ----

/** Letters of other scripts that look like Latin ones, as people use them to slip past filters. */
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  μ: "u",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
};
const NAMED_ENTITIES: Record<string, string> = {
  commat: "@",
  period: ".",
  amp: "&",
  lt: "<",
  gt: ">",
  lpar: "(",
  rpar: ")",
  lsqb: "[",
  rsqb: "]",
  nbsp: " ",
  comma: ",",
};

function normalize(text: string): string {
  return (
    text
      // HTML entities and percent-encoding, as a browser or an address bar would read them.
      .replace(/&#x([0-9a-f]{1,6});?/gi, (_, hex: string) => codePoint(parseInt(hex, 16)))
      .replace(/&#(\d{1,7});?/g, (_, dec: string) => codePoint(Number(dec)))
      .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole)
      .replace(/%([0-9a-f]{2})/gi, (whole, hex: string) => {
        const char = String.fromCharCode(parseInt(hex, 16));
        return /[@.\-_+ ]/.test(char) ? char : whole;
      })
      .normalize("NFKC")
      .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, "")
      // Bidirectional marks, embeddings, overrides and isolates: invisible, they only reorder what is shown.
      .replace(/[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, "")
      .toLowerCase()
      .replace(/[\u0370-\u03ff\u0400-\u052f]/g, (char) => LOOK_ALIKES[char] ?? char)
      // Accents off ("à commercial", "marié"): the detector reads letters, not spellings.
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
  );
}

function codePoint(value: number): string {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : "";
}

/** "m a r i e @ g m a i l . c o m" → "marie @ gmail . com": runs of single characters spaced out. */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?:(?<![a-z0-9])[a-z0-9@.] ){2,}[a-z0-9@.](?![a-z0-9])/g, (run) => run.replace(/ /g, ""));
}

/** A word that could be someone's name before "at", rather than prose ("look at", "I'm at"). */
function isName(word: string): boolean {
  return word.length >= 2 && !PROSE_BEFORE_AT.has(word);
}

/** A user name rather than a word: a digit, or a dot, underscore, plus or hyphen inside it. */
function isHandle(word: string): boolean {
  return /[0-9]/.test(word) || /[a-z0-9][._+-][a-z0-9]/.test(word);
}

// ---- The shapes of an address ----

const OPEN = String.raw`[\[({<"']`;
const CLOSE = String.raw`[\])}>"']`;
const LOCAL = String.raw`[a-z0-9](?:[a-z0-9._%+-]*[a-z0-9_])?`;
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]*[a-z0-9])?`;
const TLD = String.raw`[a-z]{2,24}`;
const START = String.raw`(?:^|[^a-z0-9._%+-])`;
const END = String.raw`(?![a-z0-9])`;
const WORD_AT = String.raw`(?:at|arobase|arobas|a\s+commercial|chez)`;

/** "@" (spaces around it allowed) or a bracketed at-word, or a bracketed "a" ("marie(a)gmail.com", "[a]"). */
const AT_SIGN = String.raw`(?:\s*@\s*|\s*${OPEN}\s*(?:${WORD_AT}|@|a)\s*${CLOSE}\s*)`;
/** A spelled-out or bracketed dot. */
const SPELLED_DOT = String.raw`(?:\s*${OPEN}\s*(?:dot|\.|point|,)\s*${CLOSE}\s*|\s+(?:dot|point)\s+)`;
/** After an "@", any dot will do: a real one, one spaced out, spelled, or a comma ("@gmail,com"). */
const ANY_DOT = String.raw`(?:\.|,|\s+\.\s+|${SPELLED_DOT})`;

const WEBMAIL = [
  "gmail",
  "googlemail",
  "hotmail",
  "outlook",
  "live",
  "msn",
  "yahoo",
  "ymail",
  "icloud",
  "aol",
  "proton",
  "protonmail",
  "gmx",
  "yandex",
  "zoho",
  "videotron",
  "sympatico",
  "telus",
  "cogeco",
  "laposte",
  "wanadoo",
  "fastmail",
  "tutanota",
] as const;
const PROVIDERS: ReadonlySet<string> = new Set(WEBMAIL);
const PROVIDER = `(?:${WEBMAIL.join("|")})`;
/** Top-level domains an address usually ends with: a spelled-out address needs one of these after a plain word. */
const COMMON_TLDS: ReadonlySet<string> = new Set([
  "com",
  "ca",
  "net",
  "org",
  "fr",
  "qc",
  "info",
  "io",
  "co",
  "us",
  "uk",
  "be",
  "ch",
  "eu",
  "edu",
  "gov",
]);

/** Words that often come before "at" in prose ("look at", "met at", "home at"): never the start of an address alone. */
const PROSE_BEFORE_AT: ReadonlySet<string> = new Set(
  (
    "look looks looking looked arrive arrived arriving be been am is are was were stay stayed staying meet meeting met see seen " +
    "eat ate eating work works working worked live lives living lived shop shopping stop stopped laugh laughed smile smiled aim " +
    "good great bad best better here there me us them him her it this that you we they i everyone someone people help helped " +
    "helping wave waved start started join joined open opened closed happened held home back out up down in on off only just " +
    "sign signed volunteer volunteers volunteering coffee lunch dinner party class school office noon night morning " +
    "je suis est sommes etes sont etait moi toi lui elle nous vous eux elles on rendez-vous rdv va vais allons allez vont passe passer " +
    "mange manger dort dormir reste rester soir souper diner dejeuner"
  ).split(" "),
);

/** An address with "@" or a bracketed at-word, any dot. */
const SIGNED = new RegExp(String.raw`${START}${LOCAL}${AT_SIGN}${LABEL}(?:${ANY_DOT}${LABEL})*${ANY_DOT}${TLD}${END}`);
/** Everything spelled out: "name at domain dot com", "nom arobase domaine point ca", "marie chez videotron point ca". */
const SPELLED = new RegExp(
  String.raw`${START}${LOCAL}\s+(?:at|arobase|arobas|a\s+commercial)\s+${LABEL}(?:${SPELLED_DOT}${LABEL})*${SPELLED_DOT}${TLD}${END}|` +
    String.raw`${START}${LOCAL}\s+(?:chez|a\s+commercial)\s+${LABEL}(?:${SPELLED_DOT}${LABEL})*${SPELLED_DOT}(?:${[...COMMON_TLDS].join("|")})${END}`,
);
/** A spelled at-word and a real dot: "marie at gmail.com" (judged in looksLikeAddress: "look at kindly.app" is prose). */
const WORD_AT_REAL_DOT = new RegExp(String.raw`${START}(${LOCAL})\s+${WORD_AT}\s+(${LABEL}(?:\.${LABEL})*)\.(${TLD})${END}`, "g");
/** A webmail named without its domain: "marie.dupont42@gmail", "marie at hotmail", "marie42 on gmail". */
const AT_PROVIDER = new RegExp(String.raw`${START}(${LOCAL})(\s*@\s*|\s+${WORD_AT}\s+|\s+(?:on|sur)\s+)${PROVIDER}${END}`, "g");
/** "my gmail is marie.dupont42", "mon courriel : marie42". */
const HANDLE = String.raw`(?:[a-z0-9]+(?:[._+-][a-z0-9]+)+|[a-z]+[0-9]+[a-z0-9]*)`;
const PROVIDER_GIVEN = new RegExp(String.raw`(?:${PROVIDER}|e-?mail|courriel|adresse)\s*(?:is|:|=|c'est|cest|est|->)\s*${HANDLE}${END}`);
