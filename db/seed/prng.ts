/**
 * A small seeded pseudo-random generator (mulberry32) for the demo seed.
 * The seed must give byte-identical databases between runs, so nothing here
 * may touch Math.random or the clock.
 */

export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** Picks an item with probability proportional to its weight. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  chance(probability: number): boolean;
  /** A Poisson draw, capped so one freak match cannot read 11–0. */
  goals(expected: number, cap?: number): number;
  bytes(length: number): Buffer;
  /**
   * An independent generator for one part of the world, so that adding a draw
   * to, say, the news does not reshuffle every score that follows it.
   */
  fork(label: string): Prng;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: turns a fork label into 32 bits without any dependency. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createPrng(seed: number): Prng {
  const next = mulberry32(seed);

  const int = (min: number, max: number): number => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`int(${min}, ${max}): need integers with min <= max`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick() from an empty list');
    return items[int(0, items.length - 1)] as T;
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };

  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T => {
    const weights = items.map((item) => Math.max(0, weight(item)));
    const total = weights.reduce((sum, w) => sum + w, 0);
    if (total <= 0) throw new RangeError('weighted() needs at least one positive weight');
    let target = next() * total;
    for (let i = 0; i < items.length; i++) {
      target -= weights[i] as number;
      if (target < 0) return items[i] as T;
    }
    // Floating-point rounding can leave a sliver past the last bucket.
    return items[weights.findLastIndex((w) => w > 0)] as T;
  };

  const chance = (probability: number): boolean => next() < probability;

  // Knuth's multiplication method: exact for the small means football produces.
  const goals = (expected: number, cap = 9): number => {
    const limit = Math.exp(-Math.max(0, expected));
    let count = 0;
    let product = next();
    while (product > limit && count < cap) {
      count++;
      product *= next();
    }
    return count;
  };

  const bytes = (length: number): Buffer => {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i++) out[i] = Math.floor(next() * 256);
    return out;
  };

  const fork = (label: string): Prng =>
    createPrng((hashString(label) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0);

  return { next, int, pick, shuffle, weighted, chance, goals, bytes, fork };
}
