/**
 * Certificate verification codes: "KC-" and twelve characters of Crockford's
 * base 32 (no I, L, O or U, so nothing reads as another), the last one a
 * Luhn mod 32 check character. A mistyped character, or two neighbours
 * swapped, is caught before any lookup; the eleven random characters (55
 * bits) make codes unguessable.
 */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const PREFIX = "KC";
const RANDOM_LENGTH = 11;

function checkCharacter(payload: string): string {
  const n = CODE_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = payload.length - 1; i >= 0; i--) {
    let addend = factor * CODE_ALPHABET.indexOf(payload[i]!);
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / n) + (addend % n);
    sum += addend;
  }
  return CODE_ALPHABET[(n - (sum % n)) % n]!;
}

/** Makes a code from random bytes (at least 11; the server passes crypto.randomBytes). */
export function certificateCodeFrom(random: Uint8Array): string {
  if (random.length < RANDOM_LENGTH) throw new Error("certificateCodeFrom needs 11 random bytes");
  const payload = Array.from(random.subarray(0, RANDOM_LENGTH), (byte) => CODE_ALPHABET[byte % 32]).join("");
  const body = payload + checkCharacter(payload);
  return `${PREFIX}-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}`;
}

/**
 * The canonical form of what someone typed or scanned: upper case, spaces
 * and dashes dropped, O read as 0 and I or L as 1 (Crockford). Null when it
 * is not a well-formed code, the check character included.
 */
export function normalizeCertificateCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, "").replace(/^KC/, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (compact.length !== RANDOM_LENGTH + 1 || [...compact].some((c) => !CODE_ALPHABET.includes(c))) return null;
  const payload = compact.slice(0, RANDOM_LENGTH);
  if (checkCharacter(payload) !== compact[RANDOM_LENGTH]) return null;
  return `${PREFIX}-${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
}
