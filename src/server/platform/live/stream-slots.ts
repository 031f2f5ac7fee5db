/**
 * Counts the live streams one process holds open, in all and per key (a
 * client address, an account), so no one client, and no crowd, can hold more
 * sockets than the process can serve. Per process: each protects its own
 * memory and file descriptors.
 */
export class StreamSlots {
  private total = 0;
  private readonly perKey = new Map<string, number>();

  constructor(private readonly limits: { total: number; perKey: (key: string) => number }) {}

  /** Takes a slot for every key, or none when one is full; the returned function gives them back (once). */
  take(keys: string[]): (() => void) | null {
    if (this.total >= this.limits.total) return null;
    if (keys.some((key) => (this.perKey.get(key) ?? 0) >= this.limits.perKey(key))) return null;
    this.total++;
    for (const key of keys) this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      for (const key of keys) {
        const left = (this.perKey.get(key) ?? 1) - 1;
        if (left > 0) this.perKey.set(key, left);
        else this.perKey.delete(key);
      }
    };
  }

  get open(): number {
    return this.total;
  }
}
