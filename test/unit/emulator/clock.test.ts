import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../main/emulator/core/clock';

describe('SimClock', () => {
  it('runs at speed from the start time and adds what was advanced', () => {
    let real = 1_000;
    const clock = new SimClock(Date.UTC(2026, 0, 1), 60, () => real);
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1));
    real += 1_000; // one real second is one simulated minute
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1, 0, 1));
    clock.advance(3600);
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1, 1, 1));
    expect(clock.info()).toMatchObject({
      speed: 60,
      offsetSeconds: 3600,
      startedAt: '2026-01-01T00:00:00.000Z',
      now: '2026-01-01T01:01:00.000Z',
    });
  });

  it('refuses to go backwards or by nothing', () => {
    const clock = new SimClock(0, 1, () => 0);
    expect(() => clock.advance(0)).toThrow(RangeError);
    expect(() => clock.advance(-5)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(clock.now()).toBe(0);
  });

  it('changes speed without a jump in simulated now, keeping what was advanced', () => {
    let real = 0;
    const clock = new SimClock(Date.UTC(2026, 0, 1), 1, () => real);
    clock.advance(60);
    real += 10_000;
    const before = clock.now();
    expect(clock.setSpeed(600)).toBe(before);
    expect(clock.speed).toBe(600);
    real += 1_000; // one real second is ten simulated minutes now
    expect(clock.now()).toBe(before + 600_000);
    expect(clock.info()).toMatchObject({ speed: 600, offsetSeconds: 60, startedAt: '2026-01-01T00:00:00.000Z' });
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1_000_001]) expect(() => clock.setSpeed(bad)).toThrow(RangeError);
    expect(clock.speed).toBe(600);
  });
});
