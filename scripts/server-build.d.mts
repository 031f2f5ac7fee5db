import type { StartupSteps } from "./startup-steps.mjs";

/** Types of server-build.mjs (plain JavaScript, so that `npm start` needs no TypeScript). */
export const SERVER_BUILD_DIR: string;
export const SERVER_MEMORY_ENV: Record<string, string>;
export function newestMtime(target: string): number;
export function buildServer(): Promise<void>;
export function ensureServerBuild(steps?: StartupSteps): Promise<void>;
