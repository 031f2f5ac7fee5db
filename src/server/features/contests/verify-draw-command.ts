import { readFile } from "node:fs/promises";
import { verifyDraw } from "../../../shared/contests/draw.js";
import { contestProofSchema } from "../../../shared/schemas/contests.js";

/** A SHA-256 written in hexadecimal, as the contests page shows a seed's fingerprint. */
const FINGERPRINT = /^[0-9a-f]{64}$/i;

/**
 * Where a draw's proof is read: a saved file, the proof's own address
 * (/api/contests/<id>/draw), or the draw page people share
 * (/contests/<id>/draw), whose proof is that API address on the same site.
 */
async function readProof(source: string): Promise<string> {
  if (!/^https?:\/\//.test(source)) return readFile(source, "utf8");
  const url = new URL(source);
  const page = /^\/contests\/([^/]+)\/draw\/?$/.exec(url.pathname);
  if (page) url.pathname = `/api/contests/${page[1]}/draw`;
  const response = await fetch(url, { headers: { accept: "application/json" } });
  return response.text();
}

/**
 * `npm run kindly -- verify-draw <draw page|proof URL|file> --commitment <fingerprint>`:
 * recomputes a published draw from its proof and says whether the seed
 * matches the fingerprint published when the contest was created (given by
 * the person checking, as they noted it then: the proof's own copy of the
 * fingerprint cannot vouch for the proof), the ticket list its digest, and
 * the winners the draw. Exit code 0 only when all three hold.
 */
export async function verifyPublishedDraw(args: string[], print: (line: string) => void): Promise<number> {
  const at = args.indexOf("--commitment");
  const commitment = at >= 0 ? args[at + 1] : undefined;
  const source = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1)[0] : args[0];
  if (!source || (at >= 0 && !commitment) || args.length !== (at >= 0 ? 3 : 1)) {
    print("Usage: verify-draw <draw page address, proof address or saved file> --commitment <seed fingerprint>");
    return 2;
  }
  if (!commitment || !FINGERPRINT.test(commitment)) {
    print(
      "Give the seed's fingerprint as it was published when the contest was created (--commitment <64 hexadecimal characters>, " +
        "shown on the contests page from the contest's start): the published draw's own copy cannot vouch for itself.",
    );
    return 2;
  }
  let parsed;
  try {
    parsed = contestProofSchema.safeParse(JSON.parse(await readProof(source)));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    print("This is not a contest's published draw.");
    return 2;
  }
  const proof = parsed.data;
  if (!proof.seed || !proof.ticketDigest) {
    print(`${proof.name}: not drawn yet. Seed fingerprint published: ${proof.seedHash}`);
    return 2;
  }
  const result = await verifyDraw({ ...proof, seed: proof.seed, ticketDigest: proof.ticketDigest, seedHash: commitment.toLowerCase() });
  print(
    `${proof.name}: ${proof.entries.length} entries, ${proof.entries.reduce((sum, e) => sum + e.tickets, 0)} tickets, ${proof.slots} prizes`,
  );
  if (proof.seedHash !== commitment.toLowerCase()) print("the draw shows another fingerprint than the one given: it was changed since");
  print(`seed matches the fingerprint given:  ${result.seedMatches ? "yes" : "NO"}`);
  print(`ticket list matches its digest:      ${result.listMatches ? "yes" : "NO"}`);
  print(`winners match the recomputed draw:   ${result.winnersMatch ? "yes" : "NO"}`);
  for (const winner of result.expected) print(`  #${winner.drawOrder} ${winner.entrant}`);
  return result.seedMatches && result.listMatches && result.winnersMatch ? 0 : 1;
}
