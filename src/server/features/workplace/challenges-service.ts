import type { Kysely } from "kysely";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import type { Challenges } from "../../../shared/schemas/workplace.js";
import { MONTHLY_SCAN_TARGET } from "../../../shared/workplace/learning.js";
import type { DB } from "../../platform/db/schema.js";
import { scansSince } from "./challenges-repository.js";
import type { Employee } from "./workplace-access-service.js";

/**
 * This month's challenges from real acts (New York months, like every daily
 * rule): my scans toward 15, and my employer's employees with access toward
 * an average of 15 each.
 */
export async function challenges(db: Kysely<DB>, employee: Employee, now = new Date()): Promise<Challenges> {
  const month = newYorkDay(now).slice(0, 7);
  const { members, total, personal } = await scansSince(db, employee.organizationId, employee.userId, `${month}-01`);
  return {
    month,
    target: MONTHLY_SCAN_TARGET,
    personal,
    team: {
      members,
      total,
      goal: members * MONTHLY_SCAN_TARGET,
      averagePerPerson: members ? Math.round((total / members) * 10) / 10 : 0,
    },
  };
}
