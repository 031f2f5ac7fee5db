import { useSyncExternalStore } from "react";

const neverChanges = () => () => undefined;

/**
 * False while React adopts a prerendered page's markup (and in the build's
 * prerender), true once the page is live. A form shown before its code runs
 * keeps its submit button disabled until then: a click would otherwise submit
 * it the browser's way, with nobody listening.
 *
 * For leaves only (a button, a field): going live redraws its users at once,
 * and redrawing at once a component that holds a part React has not adopted
 * yet (a lazy form) makes React adopt that part in one long task.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
