/**
 * The contest draw, which anyone can check (docs/design.md; the contest
 * proof page and `npm run kindly -- verify-draw` run this same code, and a
 * test recomputes it with an implementation of its own).
 *
 * 1. When a contest is created the server picks a secret `seed` (64 hex
 *    characters) and publishes `seedHash` = SHA-256 of the seed's text. The
 *    seed cannot be changed afterwards without the hash showing it.
 * 2. At the draw the ticket list is frozen: one line per entry,
 *    `<entrant> <tickets>\n`, sorted by entrant. `ticketDigest` is the SHA-256
 *    of that text.
 * 3. Winners are drawn one after the other, without replacement, each with a
 *    chance proportional to their tickets. Draw `i` (from 0) takes
 *    HMAC-SHA256(key = seed text, message = `<ticketDigest>:<i>:<attempt>`),
 *    reads its first 6 bytes as a big-endian integer x, and, if x is below the
 *    largest multiple of the remaining ticket count under 2^48, picks ticket
 *    x mod remaining; otherwise it tries the next attempt (so every ticket is
 *    exactly as likely). Walking the remaining entries in list order, the
 *    ticket falls in one entry's share: that entrant wins and leaves the list.
 * 4. The first winner gets the first prize slot, and so on: prizes in their
 *    order, each repeated as many times as it has winners.
 *
 * Everything is text, so the proof can also be checked by hand:
 * `printf %s <seed> | sha256sum`, `openssl dgst -sha256 -hmac <seed>`.
 */

export interface DrawEntry {
  entrant: string;
  tickets: number;
}

export interface DrawnWinner {
  drawOrder: number;
  entrant: string;
  /** Index into the prize slots (0 = the first prize's first winner). */
  slot: number;
}

const RANGE = 2 ** 48;
const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await globalThis.crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** The frozen list as text: sorted by entrant (code-point order), one `<entrant> <tickets>` line each. */
export function ticketListText(entries: DrawEntry[]): string {
  return sortedEntries(entries)
    .map((entry) => `${entry.entrant} ${entry.tickets}\n`)
    .join("");
}

function sortedEntries(entries: DrawEntry[]): DrawEntry[] {
  return [...entries].sort((a, b) => (a.entrant < b.entrant ? -1 : a.entrant > b.entrant ? 1 : 0));
}

export async function ticketDigest(entries: DrawEntry[]): Promise<string> {
  return sha256Hex(ticketListText(entries));
}

/** Draws `slots` winners (fewer when there are fewer entrants) from the seed and the frozen list. */
export async function drawWinners(input: { seed: string; entries: DrawEntry[]; slots: number }): Promise<DrawnWinner[]> {
  const remaining = sortedEntries(input.entries).filter((entry) => entry.tickets > 0);
  for (const entry of remaining) {
    if (!Number.isSafeInteger(entry.tickets)) throw new RangeError(`tickets of ${entry.entrant} must be an integer`);
  }
  const digest = await ticketDigest(input.entries);
  const key = await globalThis.crypto.subtle.importKey("raw", encoder.encode(input.seed), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  let total = remaining.reduce((sum, entry) => sum + entry.tickets, 0);
  const winners: DrawnWinner[] = [];
  for (let slot = 0; slot < input.slots && remaining.length > 0; slot++) {
    const limit = RANGE - (RANGE % total);
    let ticket = -1;
    for (let attempt = 0; ticket < 0; attempt++) {
      const mac = new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, encoder.encode(`${digest}:${slot}:${attempt}`)));
      const x = mac.subarray(0, 6).reduce((value, byte) => value * 256 + byte, 0);
      if (x < limit) ticket = x % total;
    }
    let index = 0;
    while (ticket >= remaining[index]!.tickets) ticket -= remaining[index++]!.tickets;
    const [winner] = remaining.splice(index, 1);
    total -= winner!.tickets;
    winners.push({ drawOrder: slot + 1, entrant: winner!.entrant, slot });
  }
  return winners;
}

/** A draw as published, checked from scratch: the seed matches its hash, the list its digest, the winners the draw. */
export async function verifyDraw(proof: {
  seed: string;
  seedHash: string;
  ticketDigest: string;
  entries: DrawEntry[];
  slots: number;
  winners: { drawOrder: number; entrant: string }[];
}): Promise<{ seedMatches: boolean; listMatches: boolean; winnersMatch: boolean; expected: DrawnWinner[] }> {
  const [seedHash, digest, expected] = await Promise.all([
    sha256Hex(proof.seed),
    ticketDigest(proof.entries),
    drawWinners({ seed: proof.seed, entries: proof.entries, slots: proof.slots }),
  ]);
  const published = [...proof.winners].sort((a, b) => a.drawOrder - b.drawOrder);
  return {
    seedMatches: seedHash === proof.seedHash,
    listMatches: digest === proof.ticketDigest,
    winnersMatch:
      published.length === expected.length &&
      published.every((winner, i) => winner.entrant === expected[i]!.entrant && winner.drawOrder === expected[i]!.drawOrder),
    expected,
  };
}
