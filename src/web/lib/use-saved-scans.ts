import { useEffect, useState, useSyncExternalStore } from "react";
import { SAVED_SCANS_HINT } from "./saved-scans-hint.js";
import type { SavedScan } from "./saved-scans.js";

/**
 * The saved scans' module (IndexedDB through `idb`, the scan link's parser),
 * loaded after the page is up: every page's shell asks it, the first page
 * must not carry it.
 */
export const loadSavedScans = () => import("./saved-scans.js");

/** Whether this device may keep saved scans. */
const mayHoldSavedScans = () => {
  try {
    return Number(localStorage.getItem(SAVED_SCANS_HINT) ?? "0") > 0;
  } catch {
    return true;
  }
};

/**
 * The scans this device keeps, following every change (in any tab); null until
 * read. `always`: read even without the hint (the scan pages, which save them);
 * elsewhere the module is not loaded on a device that never saved one.
 */
export function useSavedScans(always = false): SavedScan[] | null {
  const [scans, setScans] = useState<SavedScan[] | null>(null);
  const [hinted, setHinted] = useState(0);
  useEffect(() => {
    if (!always && !mayHoldSavedScans()) {
      // Nothing saved here: the shell waits for a scan page to save one (this tab or another) to say so.
      const again = () => mayHoldSavedScans() && setHinted((n) => n + 1);
      window.addEventListener("storage", again);
      window.addEventListener(SAVED_SCANS_HINT, again);
      setScans([]);
      return () => {
        window.removeEventListener("storage", again);
        window.removeEventListener(SAVED_SCANS_HINT, again);
      };
    }
    let live = true;
    let stop = () => {};
    void loadSavedScans().then(({ listSavedScans, onSavedScansChange }) => {
      if (!live) return;
      const read = () =>
        void listSavedScans().then(
          (found) => live && setScans(found),
          () => live && setScans([]),
        );
      read();
      stop = onSavedScansChange(read);
    });
    return () => {
      live = false;
      stop();
    };
  }, [always, hinted]);
  return scans;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

/** Whether the browser believes it has a network (prerendered pages assume it does). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
