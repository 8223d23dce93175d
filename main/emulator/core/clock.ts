// Simulated time: start + real elapsed × speed + what was advanced by hand. Everything
// time-dependent (rate-limit windows, expiry, boosts) reads it, so advancing it moves them.
// It never passes CLOCK_MAX_MS: advancing beyond is refused, running time stops there.
import { CLOCK_MAX_MS } from '../../../shared/api/emulator-admin';

export class ClockBoundError extends RangeError {
  constructor() {
    super('the simulated clock cannot pass 9000-01-01');
    this.name = 'ClockBoundError';
  }
}

export class SimClock {
  private readonly realStart: number;
  private offsetMs = 0;

  constructor(
    private readonly startMs: number,
    readonly speed = 1,
    private readonly realNow: () => number = Date.now,
  ) {
    if (!(startMs >= 0 && startMs <= CLOCK_MAX_MS)) throw new ClockBoundError();
    this.realStart = realNow();
  }

  now(): number {
    return Math.min(CLOCK_MAX_MS, Math.floor(this.startMs + (this.realNow() - this.realStart) * this.speed + this.offsetMs));
  }

  /** Moves forward; a move past CLOCK_MAX_MS is refused whole (ClockBoundError) and changes nothing. */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds <= 0) throw new RangeError('seconds must be a positive number');
    if (this.now() + seconds * 1000 > CLOCK_MAX_MS) throw new ClockBoundError();
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
