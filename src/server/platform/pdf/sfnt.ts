import { inflateSync } from "node:zlib";

/*
 * The font files as fontkit's subsetter needs them. @pdf-lib/fontkit (the
 * fork pdf-lib uses) copies each glyph's record as it is and then, when the
 * subset is small, writes a short `loca` table, which stores offsets halved:
 * a record of odd length shifts every glyph after it by a byte, and those
 * glyphs print blank (upstream fontkit fixed it in 1.8; the fork predates
 * it). Noto Sans Arabic has odd records, so Arabic names printed nothing.
 * Padding every record to four bytes here makes any subset's offsets exact.
 *
 * The files come as WOFF 1 (zlib-compressed tables); this also unpacks them
 * into a plain TrueType file, the form a PDF embeds.
 */

const tag = (name: string) => [...name].reduce((value, character) => value * 256 + character.charCodeAt(0), 0);
const HEAD = tag("head");
const LOCA = tag("loca");
const GLYF = tag("glyf");
/** head.indexToLocFormat's byte offset: 0 short offsets, 1 long. */
const INDEX_TO_LOC_FORMAT = 50;

const padded = (data: Buffer) => {
  const out = Buffer.alloc((data.length + 3) & ~3);
  data.copy(out);
  return out;
};

/** The tables of a WOFF 1 file, uncompressed, by tag. */
function woffTables(woff: Buffer): Map<number, Buffer> {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("sfnt: not a WOFF 1 file");
  const tables = new Map<number, Buffer>();
  for (let i = 0; i < woff.readUInt16BE(12); i += 1) {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compressed);
    tables.set(woff.readUInt32BE(entry), compressed < length ? inflateSync(raw) : Buffer.from(raw));
  }
  return tables;
}

/** glyf and loca rebuilt with every glyph record padded to four bytes and long offsets. */
function padGlyphRecords(tables: Map<number, Buffer>): void {
  const head = tables.get(HEAD);
  const loca = tables.get(LOCA);
  const glyf = tables.get(GLYF);
  // A font of outlines in CFF has no glyf table, and nothing to pad.
  if (!head || !loca || !glyf) return;
  const long = head.readInt16BE(INDEX_TO_LOC_FORMAT) === 1;
  const offsets = loca.length / (long ? 4 : 2);
  const at = (i: number) => (long ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
  const records: Buffer[] = [];
  const newLoca = Buffer.alloc(offsets * 4);
  let offset = 0;
  for (let i = 0; i < offsets - 1; i += 1) {
    newLoca.writeUInt32BE(offset, i * 4);
    const record = padded(glyf.subarray(at(i), at(i + 1)));
    records.push(record);
    offset += record.length;
  }
  newLoca.writeUInt32BE(offset, (offsets - 1) * 4);
  head.writeInt16BE(1, INDEX_TO_LOC_FORMAT);
  tables.set(LOCA, newLoca);
  tables.set(GLYF, Buffer.concat(records));
}

/** A WOFF 1 font as a TrueType file whose glyph records any subset copies exactly. */
export function subsettableFont(woff: Buffer): Buffer {
  const tables = woffTables(woff);
  padGlyphRecords(tables);
  const entries = [...tables.entries()].sort(([a], [b]) => a - b);
  const count = entries.length;
  const selector = Math.floor(Math.log2(count));
  const range = 2 ** selector * 16;
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType or CFF outlines
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(range, 6);
  header.writeUInt16BE(selector, 8);
  header.writeUInt16BE(count * 16 - range, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  for (const [i, [name, data]] of entries.entries()) {
    const entry = 12 + i * 16;
    header.writeUInt32BE(name, entry);
    // Checksums (entry + 4) stay 0: PDF readers do not check them, and a subset is rewritten anyway.
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(data.length, entry + 12);
    const body = padded(data);
    bodies.push(body);
    offset += body.length;
  }
  return Buffer.concat([header, ...bodies]);
}
