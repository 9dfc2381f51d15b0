/**
 * A seeded random generator (mulberry32): the same draws on every machine, for the demo seed and the tests that want
 * repeatable input. Not for secrets: those come from the CSPRNG (lib/tokens.ts).
 */
export type SeededRandom = ReturnType<typeof seededRandom>;

export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [item, weight] of items) {
      r -= weight;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  };
  return {
    next,
    chance: (p: number) => next() < p,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick,
    /** Poisson draw (Knuth below 30, a rounded normal above). */
    poisson(lambda: number): number {
      if (lambda <= 0) return 0;
      if (lambda > 30) {
        const gauss = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
        return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * gauss));
      }
      const limit = Math.exp(-lambda);
      let k = 0;
      let p = next();
      while (p > limit) {
        k += 1;
        p *= next();
      }
      return k;
    },
    /** Exponential draw with the given mean. */
    exp: (mean: number) => -mean * Math.log(1 - next()),
  };
}
