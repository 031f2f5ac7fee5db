import type { FastifyRequest } from "fastify";

const pending = new Set<Promise<void>>();

/**
 * Runs work the answer must not wait for, because how long it takes would
 * tell something: whether an address has an account (resend-confirmation,
 * forgot-email) shows in the time an email takes to send. A failure is
 * logged; the client was already answered the same way either way.
 */
export function afterResponse(request: FastifyRequest, name: string, work: () => Promise<unknown>): void {
  inBackground(work, (error) => {
    const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { message: String(error) };
    request.log.error({ err, task: name }, "background task failed");
  });
}

/**
 * Work nobody waits for (notices after a scan or a draw), counted with the
 * rest, so shutdown and tests can wait for it; a failure goes to `failed`.
 */
export function inBackground(work: () => Promise<unknown>, failed: (error: unknown) => void): void {
  const task = Promise.resolve()
    .then(work)
    .then(() => undefined, failed);
  pending.add(task);
  void task.finally(() => pending.delete(task));
}

/** Resolves once every task started so far has finished (tests read the outbox after it; shutdown waits for it). */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
