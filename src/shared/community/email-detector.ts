/**
 * Whether a chat message gives away an email address (participant spec §5:
 * "Email addresses are not allowed in messages to protect user privacy"),
 * written plainly or disguised: `name [at] domain [dot] com`, `name (at)
 * domain (dot) com`, `name at domain dot com`, `nom arobase domaine point ca`,
 * full-width signs, zero-width spaces. Mentions (`@username`), prices, times
 * and ordinary sentences with "at" in them are not addresses.
 */
export function containsEmailAddress(text: string): boolean {
  const normalized = text
    .normalize("NFKC")
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, "")
    .toLowerCase();
  return EMAIL_LIKE.test(normalized);
}

const OPEN = String.raw`[\[({<]`;
const CLOSE = String.raw`[\])}>]`;
const LOCAL = String.raw`[a-z0-9](?:[a-z0-9._%+-]*[a-z0-9_])?`;
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]*[a-z0-9])?`;
const TLD = String.raw`[a-z]{2,24}`;
// "@" (spaces around it allowed) or a bracketed "at".
const AT_SIGN = String.raw`(?:\s*@\s*|\s*${OPEN}\s*(?:at|@|arobase)\s*${CLOSE}\s*)`;
// The bare word "at" between spaces is ordinary prose ("look at kindly.app"),
// so after it only a spelled-out dot makes an address.
const AT_WORD = String.raw`\s+(?:at|arobase)\s+`;
const SPELLED_DOT = String.raw`(?:\s*${OPEN}\s*(?:dot|\.|point)\s*${CLOSE}\s*|\s+(?:dot|point)\s+)`;
// A plain dot counts only glued to the words (a sentence's full stop is followed by a space), or spaced on both sides.
const ANY_DOT = String.raw`(?:\.|\s+\.\s+|${SPELLED_DOT})`;

const address = (at: string, dot: string) => String.raw`${LOCAL}${at}${LABEL}(?:${dot}${LABEL})*${dot}${TLD}(?![a-z0-9])`;
const EMAIL_LIKE = new RegExp(String.raw`(?:^|[^a-z0-9._%+-])(?:${address(AT_SIGN, ANY_DOT)}|${address(AT_WORD, SPELLED_DOT)})`);
