import { z } from "zod/mini";

export const ROLES = ["admin", "business", "user"] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

export const assignRoleSchema = z.object({ role: roleSchema });

export const canAssignAnswerSchema = z.object({ allowed: z.boolean() });
