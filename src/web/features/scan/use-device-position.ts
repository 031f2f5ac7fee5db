import { useCallback, useState } from "react";

export type PositionError = "unsupported" | "denied" | "unavailable" | "timeout" | "failed";

export type PositionState =
  { status: "idle" } | { status: "locating" } | { status: "ready"; lat: number; lon: number } | { status: "error"; error: PositionError };

/** docs/spec/participant.md §9: low accuracy, 15 s timeout, a position up to 5 minutes old is fine. */
const OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 };

export function useDevicePosition() {
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
      OPTIONS,
    );
  }, []);
  return { state, request };
}
