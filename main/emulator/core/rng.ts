// A small seeded generator (mulberry32): the world, synthetic usage and chaos draw from it,
// so one seed always gives the same emulator.
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export class Rng {
  private s: number;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  /** An independent stream per label, so adding a world area never changes another area's values. */
  static derive(seed: number, label: string): Rng {
    let h = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Rng(h);
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Moves on as `n` draws would, without making them (the state only adds a constant per draw). */
  skip(n: number): void {
    this.s = (this.s + Math.imul(n, 0x6d2b79f5)) >>> 0;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  base62(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += BASE62[Math.floor(this.next() * 62)];
    return out;
  }
}
