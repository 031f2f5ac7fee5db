import type { Rarity } from "../../../shared/acts/rarity.js";

/** Gold and platinum are rare enough to celebrate; the other metals are shown, not fêted. */
const CELEBRATED: ReadonlySet<Rarity> = new Set(["gold", "platinum"]);

export interface Celebration {
  confetti: boolean;
  /** A vibration pattern for devices that have one (milliseconds on, off, on…). */
  vibration: number[] | null;
}

/** What a revealed card sets off: nothing moves (or buzzes) for someone who asked for less motion. */
export function celebrationFor(rarity: Rarity, reducedMotion: boolean): Celebration {
  if (!CELEBRATED.has(rarity) || reducedMotion) return { confetti: false, vibration: null };
  return { confetti: true, vibration: rarity === "platinum" ? [90, 60, 90, 60, 180] : [90, 60, 140] };
}

export const isCelebrated = (rarity: Rarity) => CELEBRATED.has(rarity);

const COLOURS = ["#e11d48", "#f59e0b", "#10b981", "#3b82f6", "#a855f7", "#facc15"];

/**
 * Confetti over the page and a short buzz. canvas-confetti loads only now, on
 * the rare cards that use it, and draws on a canvas of its own that goes
 * away when the paper has fallen.
 */
export async function celebrate(rarity: Rarity): Promise<void> {
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const plan = celebrationFor(rarity, reducedMotion);
  if (plan.vibration && "vibrate" in navigator) navigator.vibrate(plan.vibration);
  if (!plan.confetti) return;
  const { default: confetti } = await import("canvas-confetti");
  const canvas = document.createElement("canvas");
  canvas.className = "kindly-confetti";
  canvas.setAttribute("aria-hidden", "true");
  document.body.append(canvas);
  const fire = confetti.create(canvas, { resize: true, disableForReducedMotion: true });
  const bursts = rarity === "platinum" ? 3 : 2;
  await Promise.all(
    Array.from({ length: bursts }, (_, i) =>
      fire({
        particleCount: 70,
        spread: 80,
        startVelocity: 42,
        origin: { x: 0.5, y: 0.45 },
        angle: 90 + (i - (bursts - 1) / 2) * 30,
        colors: COLOURS,
      }),
    ),
  );
  canvas.remove();
}
