import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from '../../../renderer/src/platform/relative-time';
import { noteServerTime, resetServerClock, serverNow } from '../../../renderer/src/platform/server-clock';

const LOCAL = Date.UTC(2026, 10, 25, 12, 0, 0);
const HOUR = 3_600_000;
// How far the server's clock is ahead of this machine's (the timers are fake: Date.now() stands still).
const serverClockOffset = () => serverNow() - Date.now();

describe('server clock and relative times', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(LOCAL);
    resetServerClock();
  });
  afterEach(() => {
    resetServerClock();
    vi.useRealTimers();
  });

  it('computes relative times against the server clock, not this machine’s', () => {
    // An emulator whose clock was advanced by three days answered just now.
    noteServerTime(LOCAL + 72 * HOUR);
    expect(serverClockOffset()).toBe(72 * HOUR);
    expect(serverNow()).toBe(LOCAL + 72 * HOUR);
    // Something the server did an hour ago (its time) is an hour ago, not "in 2 days".
    const anHourAgoOnServer = new Date(LOCAL + 71 * HOUR).toISOString();
    expect(relativeTime(anHourAgoOnServer)).toBe('1 hour ago');
    // Views that tick pass the server's now of their tick.
    expect(relativeTime(anHourAgoOnServer, serverNow() + 60_000)).toBe('1 hour ago');
  });

  it('keeps the offset through the whole-second jitter of Date headers, and forgets it on reset', () => {
    noteServerTime(LOCAL - 10 * HOUR);
    noteServerTime(LOCAL - 10 * HOUR - 900, LOCAL);
    expect(serverClockOffset()).toBe(-10 * HOUR);
    noteServerTime(undefined);
    expect(serverClockOffset()).toBe(-10 * HOUR);
    resetServerClock();
    expect(serverClockOffset()).toBe(0);
    expect(relativeTime(new Date(LOCAL - 2 * HOUR).toISOString())).toBe('2 hours ago');
  });
});
