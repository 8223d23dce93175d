// Simulated time: start + real elapsed × speed + what was advanced by hand. Everything
// time-dependent (rate-limit windows, expiry, boosts) reads it, so advancing it moves them.
export class SimClock {
  private readonly realStart: number;
  private offsetMs = 0;

  constructor(
    private readonly startMs: number,
    readonly speed = 1,
    private readonly realNow: () => number = Date.now,
  ) {
    this.realStart = realNow();
  }

  now(): number {
    return Math.floor(this.startMs + (this.realNow() - this.realStart) * this.speed + this.offsetMs);
  }

  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds <= 0) throw new RangeError('seconds must be a positive number');
    this.offsetMs += seconds * 1000;
    return this.now();
  }

  info(): { now: string; speed: number; offsetSeconds: number; startedAt: string } {
    return {
      now: new Date(this.now()).toISOString(),
      speed: this.speed,
      offsetSeconds: this.offsetMs / 1000,
      startedAt: new Date(this.startMs).toISOString(),
    };
  }
}
