import { readFile } from "node:fs/promises";
import { verifyDraw } from "../../../shared/contests/draw.js";
import { contestProofSchema } from "../../../shared/schemas/contests.js";

/**
 * `npm run kindly -- verify-draw <url|file>`: recomputes a published draw
 * from its proof (the JSON of GET /api/contests/<id>/draw) and says whether
 * the seed matches the hash published at creation, the list its digest, and
 * the winners the draw. Exit code 0 only when all three hold.
 */
export async function verifyPublishedDraw(source: string, print: (line: string) => void): Promise<number> {
  const text = /^https?:\/\//.test(source)
    ? await (await fetch(source, { headers: { accept: "application/json" } })).text()
    : await readFile(source, "utf8");
  const parsed = contestProofSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    print("This is not a contest's published draw.");
    return 2;
  }
  const proof = parsed.data;
  if (!proof.seed || !proof.ticketDigest) {
    print(`${proof.name}: not drawn yet. Seed hash published: ${proof.seedHash}`);
    return 2;
  }
  const result = await verifyDraw({ ...proof, seed: proof.seed, ticketDigest: proof.ticketDigest });
  print(
    `${proof.name}: ${proof.entries.length} entries, ${proof.entries.reduce((sum, e) => sum + e.tickets, 0)} tickets, ${proof.slots} prizes`,
  );
  print(`seed matches its published hash:   ${result.seedMatches ? "yes" : "NO"}`);
  print(`ticket list matches its digest:    ${result.listMatches ? "yes" : "NO"}`);
  print(`winners match the recomputed draw: ${result.winnersMatch ? "yes" : "NO"}`);
  for (const winner of result.expected) print(`  #${winner.drawOrder} ${winner.entrant}`);
  return result.seedMatches && result.listMatches && result.winnersMatch ? 0 : 1;
}
