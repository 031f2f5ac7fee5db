import { useEffect } from "react";
import { hasSpacingRules, typesetText } from "../../shared/i18n/typography.js";

/** Where text is someone's own typing or machine text, never retouched. */
const LEFT_ALONE = "input, textarea, script, style, code, pre, kbd, samp, [contenteditable], [data-typeset='off']";
/** Attributes a reader (or a screen reader) reads as text. */
const READ_ATTRIBUTES = ["aria-label", "title", "alt", "placeholder"];

/**
 * French typography for what a page shows that no message wrote (issue 61
 * §3): an organisation's prize "50 $", a place's name, a contest's words
 * typed by the official account, rendered as they are. Messages and what
 * format.ts formats are typeset already; this catches the rest, in the page:
 * each text node (and the attributes read aloud) of a French page gets the
 * spacing rules, as it appears or changes. Only breaking spaces become
 * no-break ones (typography.ts), so React's text stays React's, and a node
 * already right is not written again (its own change is then a no-op).
 */
export function typesetPage(root: HTMLElement): () => void {
  const language = () => document.documentElement.lang;
  const fixText = (node: Text) => {
    if (node.parentElement?.closest(LEFT_ALONE)) return;
    const value = node.nodeValue ?? "";
    const set = typesetText(language(), value);
    if (set !== value) node.nodeValue = set;
  };
  const fixAttributes = (element: Element) => {
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      const set = typesetText(language(), value);
      if (set !== value) element.setAttribute(name, set);
    }
  };
  const fixTree = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return fixText(node as Text);
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (element.closest(LEFT_ALONE)) return;
    fixAttributes(element);
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let next = walker.nextNode(); next; next = walker.nextNode()) {
      if (next.nodeType === Node.TEXT_NODE) fixText(next as Text);
      else fixAttributes(next as Element);
    }
  };
  const observer = new MutationObserver((records) => {
    if (!hasSpacingRules(language())) return;
    for (const record of records) {
      if (record.type === "characterData") fixText(record.target as Text);
      else if (record.type === "attributes") fixAttributes(record.target as Element);
      else record.addedNodes.forEach(fixTree);
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: READ_ATTRIBUTES });
  // A switch to French (the page's lang changes): the whole page, once.
  const languageWatch = new MutationObserver(() => hasSpacingRules(language()) && fixTree(root));
  languageWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  if (hasSpacingRules(language())) fixTree(root);
  return () => {
    observer.disconnect();
    languageWatch.disconnect();
  };
}

/** Typesets the app's page while it is shown (started once the page is live: the prerendered markup stays as React expects it). */
export function useTypesetPage(): void {
  useEffect(() => typesetPage(document.body), []);
}
