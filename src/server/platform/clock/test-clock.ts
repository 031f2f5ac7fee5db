/*
 * The test clock (KINDLY_TEST_CLOCK=1, refused in production: config.ts).
 * A journey that plays day 1, day 2 and day 8 of a person moves this server's
 * time instead of waiting for it: `PUT /api/dev/clock` (test-clock-routes.ts,
 * docs/operations.md, "The test clock").
 *
 * It moves `Date` for the whole process — `new Date()`, `Date.now()` — by an
 * offset, and time goes on from there at its normal pace. Timers are not
 * touched (a job that looks every minute still looks every minute, at the
 * moved time), nor is the database's own `now()`: what the product decides
 * by the day (acts, streaks, reminders, the news of a card) takes its time
 * from the server, so it follows the clock.
 */

const RealDate = Date;
let offsetMs = 0;
let installed = false;

/** `Date` as before, but "now" is offset: a constructor without arguments and `Date.now()` read the moved clock. */
function install(): void {
  if (installed) return;
  installed = true;
  const moved = new Proxy(RealDate, {
    construct(target, args: unknown[], newTarget) {
      return args.length === 0
        ? Reflect.construct(target, [target.now() + offsetMs], newTarget)
        : Reflect.construct(target, args, newTarget);
    },
    // `Date()` called as a function gives the time as a string.
    apply(target) {
      return new target(target.now() + offsetMs).toString();
    },
    get(target, property, receiver) {
      if (property === "now") return () => target.now() + offsetMs;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  globalThis.Date = moved;
}

/** Moves this process's clock to `to`; time goes on from there. */
export function moveClockTo(to: Date): void {
  install();
  offsetMs = to.getTime() - RealDate.now();
}

/** Back to the machine's time. */
export function resetClock(): void {
  offsetMs = 0;
}

/** How far this process's clock is from the machine's, in milliseconds. */
export const clockOffsetMs = () => offsetMs;
