import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from '../../../renderer/src/platform/relative-time';
import {
  clockJumps,
  noteClockJump,
  noteServerTime,
  onServerClockJump,
  resetServerClock,
  serverNow,
  serverTimeAt,
} from '../../../renderer/src/platform/server-clock';
import { loadedAtText } from '../../../renderer/src/components/StaleBanner';
import { downloadName } from '../../../renderer/src/features/clusters/logs/download';

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

  it('tells live views of a jump of the clock this console made, the offset following it exactly (issue 18 part 5)', () => {
    let heard = 0;
    const stop = onServerClockJump(() => heard++);
    const before = clockJumps();
    // The emulator's advance answered its new now, a day on, 200 ms ago.
    noteClockJump(LOCAL + 24 * HOUR - 200, LOCAL - 200);
    expect(serverNow()).toBe(LOCAL + 24 * HOUR);
    expect(heard).toBe(1);
    expect(clockJumps()).toBe(before + 1);
    // An answer's time moving the offset is no jump (a fast clock drifts on every answer).
    noteServerTime(LOCAL + 25 * HOUR);
    expect(heard).toBe(1);
    stop();
  });

  it('gives the server time of a past moment by the offset of then, so an advance since does not move it (issue 18 part 5)', () => {
    noteServerTime(LOCAL + 72 * HOUR, LOCAL - 10_000);
    const loadedAt = LOCAL - 5_000;
    vi.setSystemTime(LOCAL + 1_000);
    noteClockJump(LOCAL + 96 * HOUR + 1_000);
    expect(serverTimeAt(loadedAt)).toBe(LOCAL + 72 * HOUR + 5_000);
    expect(serverTimeAt(Date.now())).toBe(LOCAL + 96 * HOUR + 1_000);
    // "showing what was loaded at …" says the simulated time of the load.
    const simulated = new Date(LOCAL + 72 * HOUR + 5_000).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    expect(loadedAtText(loadedAt)).toBe(simulated);
  });

  it('names a log download by the simulated time, not this machine’s (issue 18 part 5)', () => {
    noteServerTime(LOCAL + 72 * HOUR);
    expect(downloadName([{ kind: 'cluster', id: 'cl_1' }], 'log')).toBe(
      `logs-cl_1-${new Date(LOCAL + 72 * HOUR).toISOString().slice(0, 19).replace(/:/g, '-')}.log`,
    );
  });
});
