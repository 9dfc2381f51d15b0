/**
 * Counts events per key (a client IP) over a sliding window, in this process's memory (decision 029): cheap enough
 * to sit in front of public endpoints, where writing each attempt to the database would itself be the flood.
 * Only the last `max` moments of a key are kept, and at most `maxKeys` keys (the expired first, then the oldest),
 * so a crowd of addresses cannot grow it without bound.
 */
export class SlidingWindowLimiter {
  private readonly moments = new Map<string, number[]>();

  constructor(private readonly options: { max: number; windowMs: number; maxKeys?: number }) {}

  /** Seconds until the key may act again (at least 1), or 0 while it is under its limit. */
  retryAfterSeconds(key: string, now: Date): number {
    const recent = this.recent(key, now.getTime());
    if (recent.length < this.options.max) return 0;
    const freedAt = recent[recent.length - this.options.max]! + this.options.windowMs;
    return Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
  }

  /** Records one event of the key. */
  hit(key: string, now: Date): void {
    const recent = this.recent(key, now.getTime());
    recent.push(now.getTime());
    if (recent.length > this.options.max) recent.splice(0, recent.length - this.options.max);
    this.moments.delete(key);
    this.moments.set(key, recent);
    this.bound(now.getTime());
  }

  /** Records one event unless the key is at its limit: 0 when recorded, else the seconds to wait. Synchronous, so
   *  concurrent requests cannot all pass the check before any of them is counted. */
  take(key: string, now: Date): number {
    const wait = this.retryAfterSeconds(key, now);
    if (wait === 0) this.hit(key, now);
    return wait;
  }

  private recent(key: string, now: number): number[] {
    const since = now - this.options.windowMs;
    return (this.moments.get(key) ?? []).filter((moment) => moment > since);
  }

  private bound(now: number): void {
    const maxKeys = this.options.maxKeys ?? 100_000;
    if (this.moments.size <= maxKeys) return;
    const since = now - this.options.windowMs;
    for (const [key, list] of this.moments) if ((list.at(-1) ?? 0) <= since) this.moments.delete(key);
    // Still too many live keys: forget the least recently active (the map keeps insertion order).
    for (const key of this.moments.keys()) {
      if (this.moments.size <= maxKeys) break;
      this.moments.delete(key);
    }
  }
}
