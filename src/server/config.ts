import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/** Every setting Kindly reads. `.env.example` documents the same list. */
const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a lower-case PostgreSQL identifier")
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Kindly <no-reply@kindly.localhost>"),
    SUPPORT_EMAIL: z.email().default("support@kindly.localhost"),
    OFFICIAL_ACCOUNT_EMAIL: z.email().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    TRUST_PROXY: booleanFlag.default(false),
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/.+\{z\}.+\{x\}.+\{y\}/, "must be an http(s) URL with {z}, {x} and {y}")
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_ATTRIBUTION: z.string().min(1).default("© OpenStreetMap contributors"),
    GEOCODING_URL: z.url().default("https://nominatim.openstreetmap.org"),
    GEOCODING_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
    DEMO_DATA: z.enum(["auto", "always", "never"]).default("auto"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((value, ctx) => {
    if (value.DATABASE_READ_URL && !value.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_READ_URL"], message: "needs DATABASE_URL (the primary it replicates)" });
    }
    if (value.NODE_ENV === "production" && !value.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production (the development outbox is off there)",
      });
    }
  });

export type Config = Readonly<Omit<z.infer<typeof configSchema>, "APP_URL"> & { APP_URL: string; devOutbox: boolean }>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  return Object.freeze({
    ...value,
    APP_URL: (value.APP_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ""),
    devOutbox: !value.SMTP_URL && value.NODE_ENV !== "production",
  });
}
