import bidiFactory from "bidi-js";

/*
 * Right-to-left text on paper (issue 43). A PDF draws glyphs left to right,
 * so a line holding Arabic or Hebrew must be put in the order the eye reads
 * it: the Unicode Bidirectional Algorithm (bidi-js) gives each character its
 * level, and the line is cut into pieces of one direction, in visual order.
 * Inside an Arabic or Hebrew piece, fontkit does the rest when pdf-lib lays
 * the text out: it shapes Arabic letters (initial, medial, final forms) and
 * reverses the glyphs of a right-to-left script itself, so such a piece is
 * handed over in logical order. Neutral characters caught in a right-to-left
 * piece (a "!", brackets, an emoji) fontkit leaves alone, so they are
 * reversed and mirrored here, one grapheme at a time so that 👍🏽 stays whole.
 */

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

/** Letters of a right-to-left script, which fontkit reverses by itself. */
export const RIGHT_TO_LEFT_LETTERS = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/** Part of a line in one direction: its text in logical order, and the direction it reads. */
export interface BidiPiece {
  text: string;
  rtl: boolean;
}

/** A line cut into pieces of one direction, the pieces in the order they are drawn, left to right. */
export function bidiPieces(line: string): BidiPiece[] {
  const { levels } = bidi.getEmbeddingLevels(line);
  const clusters = [...graphemes.segment(line)].map(({ segment, index }) => ({ text: segment, level: levels[index]! }));
  if (clusters.every((cluster) => cluster.level === 0)) return line ? [{ text: line, rtl: false }] : [];
  // UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every run at that level or above.
  const highest = Math.max(...clusters.map((cluster) => cluster.level));
  const lowestOdd = Math.min(...clusters.map((cluster) => cluster.level).filter((level) => level % 2 === 1));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < clusters.length) {
      if (clusters[start]!.level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < clusters.length && clusters[end]!.level >= level) end += 1;
      clusters.splice(start, end - start, ...clusters.slice(start, end).reverse());
      start = end;
    }
  }
  // Neighbours of one direction make a piece; a right-to-left piece goes back to logical order.
  const pieces: { clusters: string[]; rtl: boolean }[] = [];
  for (const cluster of clusters) {
    const rtl = cluster.level % 2 === 1;
    const last = pieces[pieces.length - 1];
    if (last && last.rtl === rtl) last.clusters.push(cluster.text);
    else pieces.push({ clusters: [cluster.text], rtl });
  }
  return pieces.map(({ clusters: parts, rtl }) => ({ text: (rtl ? parts.reverse() : parts).join(""), rtl }));
}

/** Neutral text inside a right-to-left piece, as drawn: graphemes reversed, brackets mirrored. */
export function mirrored(text: string): string {
  return [...graphemes.segment(text)]
    .map(({ segment }) => bidi.getMirroredCharacter(segment) ?? segment)
    .reverse()
    .join("");
}

/** Whether a paragraph reads right to left (its first strong letter is Arabic or Hebrew): it is then aligned right. */
export function readsRightToLeft(text: string): boolean {
  return (bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0) % 2 === 1;
}
