// Simulated time: a running part (real elapsed × speed since the last speed change, from where
// the clock then stood) plus what was advanced by hand. Everything time-dependent (rate-limit
// windows, expiry, boosts) reads it, so advancing it moves them. A change of speed starts a new
// running part from the current simulated now: the time never jumps. It never passes
// CLOCK_MAX_MS: advancing beyond is refused, running time stops there.
import { CLOCK_MAX_MS, CLOCK_SPEED_MAX } from '../../../shared/api/emulator-admin';

export class ClockBoundError extends RangeError {
  constructor() {
    super('the simulated clock cannot pass 9000-01-01');
    this.name = 'ClockBoundError';
  }
}

export class SimClock {
  /** Where the running part started: simulated ms (without the offset) and real ms. */
  private anchorMs: number;
  private realAnchor: number;
  private offsetMs = 0;
  private currentSpeed: number;

  constructor(
    private readonly startMs: number,
    speed = 1,
    private readonly realNow: () => number = Date.now,
  ) {
    if (!(startMs >= 0 && startMs <= CLOCK_MAX_MS)) throw new ClockBoundError();
    checkSpeed(speed);
    this.currentSpeed = speed;
    this.anchorMs = startMs;
    this.realAnchor = realNow();
  }

  get speed(): number {
    return this.currentSpeed;
  }

  now(): number {
    return Math.min(CLOCK_MAX_MS, Math.floor(this.running() + this.offsetMs));
  }

  /** Moves forward; a move past CLOCK_MAX_MS is refused whole (ClockBoundError) and changes nothing. */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds <= 0) throw new RangeError('seconds must be a positive number');
    if (this.now() + seconds * 1000 > CLOCK_MAX_MS) throw new ClockBoundError();
    this.offsetMs += seconds * 1000;
    return this.now();
  }

  /** From now on one real second is `speed` simulated seconds; simulated now is unchanged. */
  setSpeed(speed: number): number {
    checkSpeed(speed);
    const real = this.realNow();
    // Held at the bound, so that a slower speed does not resume from a point past it.
    this.anchorMs = Math.min(this.running(real), CLOCK_MAX_MS - this.offsetMs);
    this.realAnchor = real;
    this.currentSpeed = speed;
    return this.now();
  }

  info(): { now: string; speed: number; offsetSeconds: number; startedAt: string } {
    return {
      now: new Date(this.now()).toISOString(),
      speed: this.currentSpeed,
      offsetSeconds: this.offsetMs / 1000,
      startedAt: new Date(this.startMs).toISOString(),
    };
  }

  private running(real = this.realNow()): number {
    return this.anchorMs + (real - this.realAnchor) * this.currentSpeed;
  }
}

function checkSpeed(speed: number): void {
  if (!(Number.isFinite(speed) && speed > 0 && speed <= CLOCK_SPEED_MAX)) {
    throw new RangeError(`speed must be above 0 and at most ${CLOCK_SPEED_MAX}`);
  }
}
