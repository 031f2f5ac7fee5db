import { useSyncExternalStore } from "react";

const neverChanges = () => () => undefined;

/**
 * False while React adopts a prerendered page's markup (and in the build's
 * prerender), true once the page is live. A form shown before its code runs
 * keeps its submit button disabled until then: a click would otherwise submit
 * it the browser's way, with nobody listening.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
