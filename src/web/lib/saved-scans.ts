import { openDB, type IDBPDatabase } from "idb";
import { IDEMPOTENCY_KEY_HEADER, SHORT_LINK_PREFIX, type ScanRequest, type ScanSuccess } from "../../shared/schemas/scans.js";
import { api, ApiError, isTemporaryFailure } from "./api.js";
import { i18n } from "./i18n.js";
import { SAVED_SCANS_HINT } from "./saved-scans-hint.js";
import { CLIENT_CLOCK_TOLERANCE_MS } from "../../shared/schemas/text.js";
import { parseScanLink, scanCodeOf } from "./scan-link.js";

/**
 * Scans made without the network (issue 42 §5), kept on this device in
 * IndexedDB so that they survive a reload or a closed tab, and sent when the
 * network returns: on the next visit, when the browser says it is online
 * again, and by the service worker's Background Sync where the browser has
 * it (vite.config.ts). Each keeps the idempotency key it was saved with, so
 * a scan sent twice (by the page and the worker, or after a lost answer) is
 * one act: the server answers the second with the first's act (24 h).
 */
export interface SavedScan {
  key: string;
  /** What is sent; a printed code's short link read offline has none until the network tells where it leads. */
  request?: ScanRequest;
  /** A short link's code (/c/<short>), for a scan whose request is not known yet. */
  short?: string;
  /** The place as the printed link named it, shown while it waits. */
  place: string;
  savedAt: string;
  state: "waiting" | "recorded" | "refused";
  /** The act, once recorded: its card is shown from here. */
  result?: ScanSuccess;
  /** Why Kindly refused it, in the language of the moment it was sent. */
  refusal?: string;
}

const STORE = "scans";
let database: Promise<IDBPDatabase> | null = null;
const open = () =>
  (database ??= openDB("kindly-saved-scans", 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "key" });
    },
  }));

// Every tab, and every part of this one, hears of a change.
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("kindly-saved-scans");
channel?.addEventListener("message", () => listeners.forEach((listener) => listener()));
function changed() {
  void listSavedScans().then((scans) => {
    try {
      localStorage.setItem(SAVED_SCANS_HINT, String(scans.length));
    } catch {
      // Private mode without storage: the scan pages still show them.
    }
    // This tab's shell hears it too (a storage event reaches only the other tabs).
    window.dispatchEvent(new Event(SAVED_SCANS_HINT));
  });
  listeners.forEach((listener) => listener());
  channel?.postMessage("changed");
}

export function onSavedScansChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listSavedScans(): Promise<SavedScan[]> {
  const all = (await (await open()).getAll(STORE)) as SavedScan[];
  return all.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

/** The same code scanned again while it waits is the same scan: one entry per code. */
const sameCode = (a: Pick<SavedScan, "request" | "short">, b: Pick<SavedScan, "request" | "short">) =>
  a.request && b.request
    ? a.request.org === b.request.org &&
      a.request.loc === b.request.loc &&
      a.request.type === b.request.type &&
      a.request.card === b.request.card
    : a.short !== undefined && a.short === b.short;

/** Keeps a scan to send later; returns the entry kept (the one already waiting for this code, or under this key, if any). */
export async function saveScan(scan: { key: string; request?: ScanRequest; short?: string; place: string }): Promise<SavedScan> {
  // One transaction: two saves of the same code at once keep one entry.
  const tx = (await open()).transaction(STORE, "readwrite");
  const all = (await tx.store.getAll()) as SavedScan[];
  const kept = all.find((s) => s.key === scan.key || (s.state === "waiting" && sameCode(s, scan)));
  if (kept) {
    await tx.done;
    return kept;
  }
  const entry: SavedScan = { ...scan, savedAt: new Date().toISOString(), state: "waiting" };
  await tx.store.put(entry);
  await tx.done;
  changed();
  return entry;
}

/** Writes a sent scan's outcome, unless the page that made it forgot it meanwhile (its own answer came first). */
async function settle(
  key: string,
  outcome: Pick<SavedScan, "state"> & Partial<Pick<SavedScan, "result" | "refusal" | "request" | "place">>,
): Promise<void> {
  const tx = (await open()).transaction(STORE, "readwrite");
  const current = (await tx.store.get(key)) as SavedScan | undefined;
  if (current) await tx.store.put({ ...current, ...outcome });
  await tx.done;
}

/** The card was seen, or the refusal read: the entry goes. */
export async function forgetSavedScan(key: string): Promise<void> {
  await (await open()).delete(STORE, key);
  changed();
}

/**
 * Where a short link read offline leads, asked of Kindly as a browser would
 * follow it (/c/<code> answers with a redirect to the scan page's address);
 * null when it leads to no code (renewed since it was printed).
 */
async function resolveShortLink(scan: SavedScan): Promise<ScanRequest | null> {
  let response: Response;
  try {
    response = await fetch(`${SHORT_LINK_PREFIX}${encodeURIComponent(scan.short ?? "")}`, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", i18n.t("errors.network"));
  }
  if (response.status >= 500) throw new ApiError(response.status, "internal_error", i18n.t("errors.network"));
  const link = parseScanLink(new URL(response.url).searchParams);
  return link && { ...scanCodeOf(link), clientTimestamp: scan.savedAt };
}

/** The moment of the scan goes along while the server still takes it (a day); after that, the scan is sent without it. */
function withUsableTimestamp(request: ScanRequest): ScanRequest {
  const at = request.clientTimestamp ? Date.parse(request.clientTimestamp) : NaN;
  if (Number.isFinite(at) && Date.now() - at < CLIENT_CLOCK_TOLERANCE_MS - 60 * 60 * 1000) return request;
  const { clientTimestamp: _dropped, ...rest } = request;
  return rest;
}

let sending: Promise<"sent" | "offline" | "signed-out"> | null = null;

/**
 * Sends every waiting scan, oldest first, one at a time (each recorded in
 * the order it was made). Stops at the first that cannot reach Kindly (still
 * offline) or finds the person signed out; a refusal is final and kept to be
 * read. One sending at a time per tab.
 */
export function sendSavedScans(): Promise<"sent" | "offline" | "signed-out"> {
  sending ??= (async () => {
    try {
      for (const scan of await listSavedScans()) {
        if (scan.state !== "waiting") continue;
        try {
          const request = scan.request ?? (await resolveShortLink(scan));
          if (!request) {
            await settle(scan.key, { state: "refused", refusal: i18n.t("savedScans.unknownCode") });
            continue;
          }
          const result = await api<ScanSuccess>("/scans", {
            method: "POST",
            body: withUsableTimestamp(request),
            headers: { [IDEMPOTENCY_KEY_HEADER]: scan.key },
          });
          // A code typed offline was "the code 59fkiUfvk4" while it waited: now its organisation is known (issue 60).
          const place = scan.request ? scan.place : result.organizationName;
          await settle(scan.key, { state: "recorded", result, request, place });
        } catch (error) {
          if (isTemporaryFailure(error)) return "offline";
          if (error instanceof ApiError && error.status === 401) return "signed-out";
          await settle(scan.key, { state: "refused", refusal: (error as Error).message });
        } finally {
          changed();
        }
      }
      return "sent";
    } finally {
      sending = null;
    }
  })();
  return sending;
}
