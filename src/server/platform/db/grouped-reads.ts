/**
 * Reads asked at the same moment, answered together by one statement (the
 * scan's context, issue 63: a statement per scan cost each its own round
 * trip, in Node and in PostgreSQL). The first read goes out alone, at once;
 * reads asked while one is out wait for it, then go out together, up to `max`
 * at a time. So a quiet server answers each read as soon as before, and a busy
 * one pays one statement per group instead of one per read.
 *
 * `read` answers the keys in their order, one value each. A failed statement
 * fails every read of its group (each caller handles it as its own failure);
 * the next group is tried afresh.
 */
export function groupedReads<K, V>(read: (keys: K[]) => Promise<V[]>, max = 200): (key: K) => Promise<V> {
  type Waiting = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let reading = false;

  const readAll = async () => {
    reading = true;
    try {
      while (waiting.length > 0) {
        const group = waiting.splice(0, max);
        try {
          const values = await read(group.map((entry) => entry.key));
          group.forEach((entry, i) => entry.resolve(values[i]!));
        } catch (error) {
          for (const entry of group) entry.reject(error);
        }
      }
    } finally {
      reading = false;
    }
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!reading) void readAll();
    });
}
