import { useCallback, useEffect, useRef, useState } from "react";

/** How long a decision waits, undoable, before it is sent. */
export const UNDO_SECONDS = 6;

/**
 * Decisions that can be taken back for a few seconds (issue 61 §1): each
 * waits `UNDO_SECONDS` before `send` runs, and undoing it in the meantime
 * sends nothing, so nothing has to be reversed on the server (an approval
 * creates an organisation and mails its owner). A decision still waiting
 * when the page is hidden or left, or the list goes away, is sent at once:
 * none is lost.
 */
export function useUndoableDecisions<D>(send: (id: string, decision: D) => void) {
  const [waiting, setWaiting] = useState<ReadonlyMap<string, D>>(new Map());
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; decision: D }>());
  const sendRef = useRef(send);
  sendRef.current = send;

  const forget = useCallback((id: string) => {
    const entry = timers.current.get(id);
    if (entry) clearTimeout(entry.timer);
    timers.current.delete(id);
    setWaiting((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
    return entry;
  }, []);

  const commit = useCallback(
    (id: string) => {
      const entry = forget(id);
      if (entry) sendRef.current(id, entry.decision);
    },
    [forget],
  );

  const schedule = useCallback(
    (id: string, decision: D) => {
      timers.current.set(id, { timer: setTimeout(() => commit(id), UNDO_SECONDS * 1000), decision });
      setWaiting((current) => new Map(current).set(id, decision));
    },
    [commit],
  );

  const undo = useCallback((id: string) => void forget(id), [forget]);

  useEffect(() => {
    const sendAll = () => [...timers.current.keys()].forEach(commit);
    const onHidden = () => document.visibilityState === "hidden" && sendAll();
    window.addEventListener("pagehide", sendAll);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", sendAll);
      document.removeEventListener("visibilitychange", onHidden);
      sendAll();
    };
  }, [commit]);

  return { waiting, schedule, undo };
}
