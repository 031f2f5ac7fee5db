import { useCallback, useState } from "react";

export type PositionError = "unsupported" | "denied" | "unavailable" | "timeout" | "failed";

export type PositionState =
  { status: "idle" } | { status: "locating" } | { status: "ready"; lat: number; lon: number } | { status: "error"; error: PositionError };

/** docs/spec/participant.md §9, for scans: low accuracy, 15 s timeout, a position up to 5 minutes old is fine. */
export const SCAN_POSITION: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 };
/** docs/spec/organisation.md §7, the location check: high accuracy, 10 s timeout, at most a minute old. */
export const PRECISE_POSITION: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

/** The device's position, asked for only when `request` is called (a browser asks the person first). */
export function useDevicePosition(options: PositionOptions = SCAN_POSITION) {
  const [state, setState] = useState<PositionState>({ status: "idle" });
  const request = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setState({ status: "error", error: "unsupported" });
      return;
    }
    setState({ status: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => setState({ status: "ready", lat: position.coords.latitude, lon: position.coords.longitude }),
      (error) => {
        const byCode: Record<number, PositionError> = { 1: "denied", 2: "unavailable", 3: "timeout" };
        setState({ status: "error", error: byCode[error.code] ?? "failed" });
      },
      options,
    );
  }, [options]);
  return { state, request };
}
