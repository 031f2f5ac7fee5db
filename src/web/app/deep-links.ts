import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

const HANDLED_KEY = "kindly.launchLinkHandled";

/**
 * docs/spec/organisation.md, Deep-link handling: the address the app was
 * opened with, once per session, goes to the scan page when it is the home
 * page with a printed code's four parameters (replacing it in the history).
 * Any other address, /auth included, is left alone; a home page with
 * unusable parameters is noted in the console and ignored. The link reader
 * loads only when there is a query to read, keeping it off the first page.
 */
export function useLaunchLink(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    try {
      if (sessionStorage.getItem(HANDLED_KEY)) return;
      sessionStorage.setItem(HANDLED_KEY, "1");
    } catch {
      // Without session storage every launch is the first: still only this one.
    }
    if (location.pathname !== "/" || !location.search) return;
    void import("../lib/scan-link.js").then(({ deepLinkTarget }) => {
      const target = deepLinkTarget(location.pathname, location.search);
      if (target) navigate(target, { replace: true });
      else if (/[?&](org|loc)=/.test(location.search)) console.info("Kindly ignored a launch link it could not read", location.search);
    });
    // Only the launch address counts: later navigation is the person's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
