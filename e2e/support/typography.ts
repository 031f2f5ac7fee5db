import type { Page } from "@playwright/test";

/**
 * What a French page shows (its text nodes and the attributes read aloud,
 * never what someone is typing) that breaks Québec's typography with a
 * breaking space: before a colon, inside guillemets, between a number and its
 * unit, inside a time "17 h 10" or before its zone. Each fault as the text
 * around it, so a failure says where. Database text and Intl's output count
 * as much as the messages (issue 61 §3).
 */
export async function frenchSpacingFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const RULES: [string, RegExp][] = [
      ["space before a colon", /[\p{L}\p{N})»][ \t]+:(?=\s|$)/u],
      ["space inside guillemets", /«[ \t]|[ \t]»/u],
      ["space between a number and its unit", /\p{N}[ \t](?:%|\$|h|min|s|km|m|kg|Mo|Ko|Go)(?![\p{L}\p{N}])/u],
      ["space inside a time", /\p{N}[\u00a0\u202f ]h[ \t]\p{N}/u],
      ["space before a time zone", /\p{N}[ \t](?:H[NA][NTECRPA]|UTC)(?![\p{L}\p{N}])/u],
    ];
    const SKIP = "input, textarea, script, style, code, pre, [contenteditable], [data-typeset='off']";
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (!node.parentElement?.closest(SKIP)) texts.push(node.nodeValue ?? "");
      } else {
        for (const name of ["aria-label", "title", "alt", "placeholder"]) {
          const value = (node as Element).getAttribute(name);
          if (value) texts.push(value);
        }
      }
    }
    return texts.flatMap((text) =>
      RULES.filter(([, rule]) => rule.test(text)).map(([what, rule]) => {
        const at = text.search(rule);
        return `${what}: “${text.slice(Math.max(0, at - 20), at + 20)}”`;
      }),
    );
  });
}
