/**
 * Photos are decoded one at a time per process: a burst of uploads waits its
 * turn instead of holding several 24-megapixel images in memory at once.
 */
let queue: Promise<unknown> = Promise.resolve();

export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}
