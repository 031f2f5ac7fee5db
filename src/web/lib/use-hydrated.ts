import { startTransition, useEffect, useState } from "react";

/** Whether React may still be adopting a prerendered page's markup (main.tsx says when it is not). */
let adopting = true;

/** The app renders its pages itself (no prerendered markup): every control is live from its first render. */
export function renderingWithoutMarkup(): void {
  adopting = false;
}

/**
 * False while React adopts a prerendered page's markup (and in the build's
 * prerender), true once the page is live. A form shown before its code runs
 * keeps its submit button disabled until then: a click would otherwise submit
 * it the browser's way, with nobody listening.
 *
 * The switch is a transition, not a store (useSyncExternalStore): a store's
 * change is drawn at once, and drawing it at once made React adopt the rest
 * of the page (the part behind a lazy boundary) in one long task. A transition
 * lets React do it in slices. On a page that arrived prerendered, a control
 * the app adds later also starts disabled for a moment: which controls are
 * still being adopted cannot be told from inside one.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(!adopting);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
