import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { NotificationKindSpec } from "../../shared/schemas/notifications.js";
import type { TaskHandler } from "./jobs/task-queue.js";
import type { EmailTemplate } from "./mail/account-emails.js";
import type { PersonalData } from "./personal-data.js";
import type { RateLimitRule } from "./rate-limit/rate-limit-rules.js";

/*
 * A feature is a plugin (issue 63 §1): its door (index.ts) exports one
 * declaration of everything it brings, and src/server/feature-list.ts
 * gathers them for the app, the jobs, the notifier and the tests. The
 * platform keeps the mechanisms (the router, the mailer and its layout, the
 * limiter, the job runner, the task queue) and names no product feature; a
 * new email, notification kind, rate limit or job is a line in the feature's
 * own folder and its words in the message files.
 *
 * `Deps` is what the feature's routes, jobs and tasks are built from: the
 * list checks that the app's dependencies (AppDeps) give every feature what
 * it asks for.
 */

/** Route plugins: under /api (with an optional prefix below it) unless `at` says the site's root. */
export interface RouteSet {
  plugin: FastifyPluginAsync;
  prefix?: string;
  /** "root": outside /api (SCIM's /scim/v2, a page's address); "web": at the root, only when the web app is served. */
  at?: "api" | "root" | "web";
  /** Only where the developer outbox is on (never in production): demo helpers. */
  devOnly?: true;
}

/** Work a process repeats on its own, off the way to any answer. */
export interface Job {
  /** As the log says it when a run fails: "<name> failed: …". */
  name: string;
  everyMs: number;
  /** The first run, when sooner than `everyMs` after the start. */
  firstAfterMs?: number;
  run: () => Promise<unknown>;
}

/** Plain data (no dependencies): what the tests and docs read without starting anything. */
export interface FeatureFacts {
  /** The folder's name under src/server/features. */
  name: string;
  /** Every table only this feature writes (table-writers.test.ts holds the code to it). */
  tables: readonly string[];
  /**
   * The database functions it owns (its sql/ folder, or a trigger's function
   * an older migration installed): sql-functions.api.test.ts reads each
   * one's body from PostgreSQL and holds its writes to this feature's tables.
   */
  sqlFunctions?: readonly string[];
  /** The read models its read-models.ts publishes for other features (read-models.test.ts holds it to the file). */
  readModels?: readonly string[];
  /** The emails it sends, each with its words under `email.<name>` in server.<language>.json. */
  emails?: readonly EmailTemplate[];
  /** Its limits, by the name each counter is kept under. */
  rateLimits?: readonly RateLimitRule[];
  /** What it tells people, with each kind's default channels (the settings page lists them in the features' order). */
  notificationKinds?: readonly NotificationKindSpec[];
  /** What it answers for in a person's archive and deletion (privacy). */
  personalData?: PersonalData;
}

export interface Feature<Deps> extends FeatureFacts {
  routes?: (deps: Deps) => readonly RouteSet[];
  jobs?: (deps: Deps) => readonly Job[];
  /** How each kind of task it queues (platform/jobs/task-queue.ts) is done. */
  tasks?: (deps: Deps) => Record<string, TaskHandler>;
}

/** Declares a feature; `Deps` is inferred from what its routes, jobs and tasks take. */
export const defineFeature = <Deps = unknown>(feature: Feature<Deps>): Feature<Deps> => feature;

/** A route plugin kept as a function of the app (a page registered with its own handlers). */
export const pluginOf =
  (register: (app: FastifyInstance) => void): FastifyPluginAsync =>
  async (app) => {
    register(app);
  };
