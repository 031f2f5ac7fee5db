import { useLayoutEffect, type RefObject } from "react";

/** The CSS variable the page's bottom padding and scroll padding read (styles.css, shell.tsx). */
export const BOTTOM_BAR_VARIABLE = "--bottom-bar-space";

/**
 * Keeps `--bottom-bar-space` at the height the fixed bottom navigation
 * covers, measured, from its raised scan button's top to the screen's
 * bottom: the bar grows with the text size (200 % text doubles its labels)
 * and the phone's home-indicator inset, so a fixed guess either covered the
 * page's last lines or the control just focused (WCAG 2.4.11) at larger text.
 */
export function useBottomBarSpace(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const nav = bar.current;
    if (!nav || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const measure = () => {
      // The highest thing the bar draws (the raised button rises above its top edge).
      const top = Math.min(...[nav, ...nav.querySelectorAll<HTMLElement>("*")].map((element) => element.getBoundingClientRect().top));
      const bottom = nav.getBoundingClientRect().bottom;
      const space = `${Math.ceil(bottom - top)}px`;
      // Set only when it changes: the padding it sets resizes the page, which this observer watches too.
      if (root.style.getPropertyValue(BOTTOM_BAR_VARIABLE) !== space) root.style.setProperty(BOTTOM_BAR_VARIABLE, space);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(nav);
    observer.observe(root);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BOTTOM_BAR_VARIABLE);
    };
  }, [bar]);
}
