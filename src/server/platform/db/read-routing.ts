import type { FastifyReply, FastifyRequest } from "fastify";
import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.js";

/** The cookie a browser carries after a write: the primary's WAL position its next reads must see. */
export const READ_AFTER_COOKIE = "kindly.read_after";
/** After this, any replica worth keeping has caught up; the cookie expires. */
const READ_AFTER_SECONDS = 30;
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

/**
 * Public reads (stats, feed, leaderboards, contests) may go to a streaming
 * replica (DATABASE_READ_URL) while writes go to the primary. So that people
 * see their own writes, every successful write answers with the primary's WAL
 * position in a short-lived cookie; a read carrying it goes to the replica
 * only once the replica has replayed that far, otherwise to the primary.
 * Without a replica, everything reads the primary; the cookie then only tells
 * shared caches to let this browser through.
 */
export interface ReadRouting {
  readonly hasReplica: boolean;
  /** Whether this browser wrote in the last few seconds (its reads skip shared caches). */
  justWrote(request: FastifyRequest): boolean;
  /** The database this request's public reads should use. */
  readerFor(request: FastifyRequest): Promise<Kysely<DB>>;
  /** Called after a successful write: remembers the primary's position for this browser. */
  rememberWrite(reply: FastifyReply): Promise<void>;
  /** Whether the replica answers (health), or null without one. */
  replicaIsUp(): Promise<boolean | null>;
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of request.headers.cookie?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

const readAfterCookie = (lsn: string) => `${READ_AFTER_COOKIE}=${lsn}; Max-Age=${READ_AFTER_SECONDS}; Path=/api; HttpOnly; SameSite=Lax`;

export function createReadRouting(primary: Kysely<DB>, replica: Kysely<DB> | null): ReadRouting {
  const justWrote = (request: FastifyRequest) => cookieValue(request, READ_AFTER_COOKIE) !== null;
  if (!replica) {
    return {
      hasReplica: false,
      justWrote,
      readerFor: async () => primary,
      // No position to wait for: the cookie only marks a browser that just wrote.
      rememberWrite: async (reply) => void reply.header("set-cookie", readAfterCookie("0/0")),
      replicaIsUp: async () => null,
    };
  }
  return {
    hasReplica: true,
    justWrote,
    async readerFor(request) {
      const lsn = cookieValue(request, READ_AFTER_COOKIE);
      if (!lsn || !LSN.test(lsn)) return replica;
      const { rows } = await sql<{ caught_up: boolean | null }>`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as caught_up`.execute(
        replica,
      );
      return rows[0]?.caught_up ? replica : primary;
    },
    async rememberWrite(reply) {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary);
      reply.header("set-cookie", readAfterCookie(rows[0]!.lsn));
    },
    async replicaIsUp() {
      try {
        await sql`select 1`.execute(replica);
        return true;
      } catch {
        return false;
      }
    },
  };
}
