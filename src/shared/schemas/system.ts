import { z } from "zod/mini";

/** GET /api/health (liveness): 200 whenever the process answers HTTP. */
export const livenessSchema = z.object({ status: z.literal("ok") });

/** GET /api/health/ready (readiness): 200 when every database answers, 503 otherwise. */
export const readinessSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    driver: z.enum(["embedded", "postgres"]),
    state: z.enum(["up", "down"]),
    /** Only when a read replica is configured. */
    replica: z.optional(z.enum(["up", "down"])),
  }),
});

/** Settings the browser needs at run time, so one build serves every deployment. */
export const publicConfigSchema = z.object({
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
  /** Where "request access" and support mail go. */
  supportEmail: z.string(),
  /** A published native app (the handoff pages try it first); null: the web app is the app. */
  nativeApp: z.nullable(
    z.object({
      scheme: z.nullable(z.string()),
      androidPackage: z.nullable(z.string()),
      appStoreUrl: z.nullable(z.string()),
      playStoreUrl: z.nullable(z.string()),
    }),
  ),
  officialWebsite: z.string(),
  /** Law 25's person in charge of the protection of personal information; null name: the page names the role. */
  privacyOfficer: z.object({ name: z.nullable(z.string()), email: z.string() }),
  /** The translators' preview (PSEUDO_LOCALE): `?lang=xa` shows the pseudo-locale. */
  pseudoLocale: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The development outbox (never in production). */
export const outboxMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The headers beyond To and Subject, as sent (List-Unsubscribe, List-Unsubscribe-Post…). */
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxSchema = z.object({ messages: z.array(outboxMessageSchema) });

export const demoLinkSchema = z.object({
  type: z.enum(["virtual", "physical", "portable"]),
  path: z.string(),
  /** The short link's code printed under the code (/c/<short>), for typing it; what the printed code encodes. */
  short: z.optional(z.string()),
  /** Virtual codes only: where to stand. */
  near: z.optional(z.object({ lat: z.number(), lon: z.number(), radiusMeters: z.number() })),
});
export type DemoLink = z.infer<typeof demoLinkSchema>;
/** The demo employer's workplace access code, printed with the scan links. */
export const demoWorkplaceSchema = z.object({ code: z.string(), employer: z.string() });
export type DemoWorkplace = z.infer<typeof demoWorkplaceSchema>;
export const demoLinksSchema = z.object({ links: z.array(demoLinkSchema), workplace: z.nullable(demoWorkplaceSchema) });

/** The test clock (KINDLY_TEST_CLOCK, never in production): this server's time, and how far it was moved. */
export const testClockSchema = z.object({ now: z.string(), offsetMs: z.number() });
export const moveClockSchema = z.object({ now: z.iso.datetime({ offset: true }) });
