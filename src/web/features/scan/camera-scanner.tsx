import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Camera, CameraOff, Flashlight } from "lucide-react";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { judgeScannedText, type ScannedText } from "../../lib/scan-link.js";
import { createQrReader } from "./qr-reader.js";

type Problem = "denied" | "noCamera" | "insecure" | "unavailable";
type State = { kind: "idle" } | { kind: "starting" } | { kind: "scanning" } | { kind: "problem"; problem: Problem };

/** Between two reads of the video: quick enough to feel instant, light on a phone's battery. */
const READ_EVERY_MS = 200;

function problemOf(error: unknown): Problem {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "noCamera";
  return "unavailable";
}

/** What the page can do before asking for the camera at all. */
function initialState(): State {
  if (!window.isSecureContext) return { kind: "problem", problem: "insecure" };
  if (!navigator.mediaDevices?.getUserMedia) return { kind: "problem", problem: "noCamera" };
  return { kind: "idle" };
}

/**
 * The in-app scanner: the camera's view with a frame (and a flashlight
 * toggle where the camera has one). Only this Kindly's code links open;
 * anything else read says why not. Each way the camera can fail has its own
 * message, with the phone's own camera app as the way out.
 */
export function CameraScanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<State>(initialState);
  const [notice, setNotice] = useState<string | null>(null);
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = async () => {
    setState({ kind: "starting" });
    setNotice(null);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
      stream.current = media;
      video.current!.srcObject = media;
      await video.current!.play();
      const capabilities = media.getVideoTracks()[0]?.getCapabilities?.() as { torch?: boolean } | undefined;
      setTorch({ available: capabilities?.torch === true, on: false });
      setState({ kind: "scanning" });
    } catch (error) {
      stop();
      setState({ kind: "problem", problem: problemOf(error) });
    }
  };

  const toggleTorch = async () => {
    const track = stream.current?.getVideoTracks()[0];
    if (!track) return;
    const on = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch({ available: true, on });
    } catch {
      setTorch({ available: false, on: false });
    }
  };

  const explain = useCallback(
    (judged: Exclude<ScannedText, { kind: "kindly" }>) =>
      judged.kind === "other-site"
        ? t("scanner.otherSite", { host: judged.host })
        : judged.kind === "not-a-link"
          ? t("scanner.notALink")
          : t("scanner.notACode"),
    [t],
  );

  useEffect(() => {
    if (state.kind !== "scanning") return;
    let cancelled = false;
    void (async () => {
      const read = await createQrReader();
      let last = "";
      while (!cancelled) {
        const text = video.current ? await read(video.current).catch(() => null) : null;
        if (cancelled) return;
        if (text && text !== last) {
          last = text;
          const judged = judgeScannedText(text, window.location.origin);
          if (judged.kind === "kindly") {
            setNotice(t("scanner.found"));
            stop();
            if (judged.fullPage) window.location.assign(judged.path);
            else navigate(judged.path);
            return;
          }
          setNotice(explain(judged));
        }
        await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [state.kind, navigate, stop, explain, t]);

  const scanning = state.kind === "scanning";
  return (
    <Card className="space-y-3" aria-labelledby="scanner-title">
      <h2 id="scanner-title" className="text-lg font-bold">
        {t("scanner.title")}
      </h2>
      <p className="text-slate-700">{t("scanner.intro")}</p>
      <div className={scanning || state.kind === "starting" ? "relative overflow-hidden rounded-xl bg-slate-900" : "hidden"}>
        <video ref={video} className="aspect-square w-full object-cover" playsInline muted aria-label={t("scanner.video")} />
        {/* The frame to aim with. */}
        <div
          aria-hidden
          className="pointer-events-none absolute inset-[15%] rounded-2xl border-4 border-white/90 shadow-[0_0_0_9999px_rgba(15,23,42,0.35)]"
        />
      </div>
      <div role="status" className="min-h-6 font-medium">
        {notice ?? (scanning ? t("scanner.looking") : null)}
      </div>
      {state.kind === "problem" && (
        <div role="alert" className="space-y-2 rounded-lg bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">{t(`scanner.${state.problem}`)}</p>
          <p>{t("scanner.fallback")}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {scanning ? (
          <Button variant="secondary" onClick={() => (stop(), setState({ kind: "idle" }), setNotice(null))}>
            <CameraOff size={18} aria-hidden />
            {t("scanner.stop")}
          </Button>
        ) : state.kind !== "problem" || state.problem === "denied" || state.problem === "unavailable" ? (
          <Button onClick={() => void start()} disabled={state.kind === "starting"}>
            <Camera size={18} aria-hidden />
            {state.kind === "problem" ? t("scanner.tryAgain") : t("scanner.start")}
          </Button>
        ) : null}
        {scanning && torch.available && (
          <Button variant="secondary" aria-pressed={torch.on} onClick={() => void toggleTorch()}>
            <Flashlight size={18} aria-hidden />
            {t("scanner.torch")}
          </Button>
        )}
      </div>
    </Card>
  );
}
