import { describe, expect, it } from "vitest";
import { messageEntries } from "./message-entries.js";

// English spelled one way (issue 61 §3): Canada's, as Kindly's English
// readers write it ("colour", "centre", "cancelled", "program", and -ize),
// never its US or British neighbour for the same word.

const ONE_WAY: Record<string, string> = {
  color: "colour",
  center: "centre",
  favorite: "favourite",
  neighbor: "neighbour",
  behavior: "behaviour",
  honor: "honour",
  canceled: "cancelled",
  traveling: "travelling",
  traveled: "travelled",
  labeled: "labelled",
  programme: "program",
  organise: "organize",
  recognise: "recognize",
  analyse: "analyze",
  "e-mail": "email",
};
/** Names that are not Kindly's English: a product's own words. */
const NAMES = ["Entra admin center"];

describe("English messages", () => {
  it("spell each word one way, Canada's", () => {
    const found: string[] = [];
    for (const [key, text] of messageEntries("en")) {
      let rest = text;
      for (const name of NAMES) rest = rest.replaceAll(name, " ");
      for (const [other, ours] of Object.entries(ONE_WAY))
        if (new RegExp(`(?<![\\p{L}-])${other}(?:s|d|ing)?(?![\\p{L}])`, "iu").test(rest)) found.push(`${key}: ${other} (write ${ours})`);
    }
    expect(found).toEqual([]);
  });
});
