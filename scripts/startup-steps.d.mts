/** Types of startup-steps.mjs (plain JavaScript, so that `npm start`'s launcher needs no TypeScript). */
export interface StartupSteps {
  /** Runs `work`, saying "label… " as it begins and its duration as it ends. */
  step<T>(label: string, work: () => T | Promise<T>): Promise<T>;
  /** A line of its own (ending a step's open line first). */
  line(text: string): void;
}
export function formatDuration(ms: number): string;
export function createStartupSteps(write?: (text: string) => void): StartupSteps;
export function boxed(lines: string[]): string;
