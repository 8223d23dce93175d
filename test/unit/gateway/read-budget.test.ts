// The console's read budget: background refresh of a group spends at most its share of the
// hourly reads, in any hour; slows down as the window's reads run out; pauses when the share is
// spent; shares its pace among views (and gives a view's part back when it leaves); follows a server clock that runs faster; starts over
// for another profile.
import { describe, expect, it } from 'vitest';
import { BACKGROUND_SHARE, createReadBudget } from '../../../main/gateway/read-budget';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-27T10:20:00.000Z');

/** A budget on a fake clock, with the answer of one read of `group` noted at `server` time. */
function setup() {
  let real = T0;
  const budget = createReadBudget(() => real);
  const note = (remaining: number, { limit = 500, server = real, resetMs = Date.parse('2026-11-27T11:00:00.000Z') } = {}) =>
    budget.note('p1', 'training', { limit, remaining, reset: resetMs / 1000, window: 3600 }, server);
  return {
    budget,
    note,
    at: (ms: number) => (real = ms),
    now: () => real,
  };
}

/** Reads reserved by one refresher that reads whenever its slot comes, for `spanMs` (the window's limits noted at each read). */
function run(s: ReturnType<typeof setup>, spanMs: number, reads: number, preferredMs: number, remainingAt: (t: number) => number) {
  const end = s.now() + spanMs;
  let spent = 0;
  for (;;) {
    const pace = s.budget.reserve('p1', 'training', 'job', reads, preferredMs);
    const next = s.now() + pace.everyMs;
    if (next >= end) return spent;
    s.at(next);
    spent += reads;
    const hour = Math.floor(next / HOUR);
    s.note(remainingAt(next), { resetMs: (hour + 1) * HOUR });
  }
}

describe('read budget', () => {
  it('lets a view read at its own pace until the server told its limits', () => {
    const s = setup();
    expect(s.budget.reserve('p1', 'training', 'job', 2, 2_000)).toEqual({
      everyMs: 2_000,
      preferredMs: 2_000,
      state: 'live',
      group: 'training',
    });
  });

  it('keeps background refresh to its share of the hourly reads in any hour, not only in each window', () => {
    const s = setup();
    s.note(500);
    const share = Math.floor(BACKGROUND_SHARE * 500);
    // From 10:20 to 11:20: the rest of one window and a third of the next.
    const spent = run(s, HOUR, 2, 2_000, () => 480);
    expect(spent).toBeLessThanOrEqual(share + 2);
    expect(spent).toBeGreaterThanOrEqual(share - 4);
    const pace = s.budget.reserve('p1', 'training', 'job', 2, 2_000);
    expect(pace).toMatchObject({ state: 'saving', group: 'training', limit: 500, share });
    // Two reads a refresh, the group's reads at least 80 s apart.
    expect(pace.everyMs).toBeGreaterThanOrEqual(2 * (HOUR / share));
  });

  it('slows down as the user’s own reads drain the window, and pauses until the reset when the share is spent', () => {
    const s = setup();
    // 40 reads left of 500: the console allows itself 9 % of what is left, 3 reads, spread over the 40 minutes left.
    s.note(40);
    const first = s.budget.reserve('p1', 'training', 'job', 1, 2_000);
    expect(first.state).toBe('saving');
    expect(first.everyMs).toBe((40 * 60_000) / 3);
    s.budget.reserve('p1', 'training', 'job', 1, 2_000);
    s.budget.reserve('p1', 'training', 'job', 1, 2_000);
    const paused = s.budget.reserve('p1', 'training', 'job', 1, 2_000);
    expect(paused).toMatchObject({ state: 'paused', resumeAt: Date.parse('2026-11-27T11:00:00.000Z') });
    // A second past the reset: 40 minutes and a second from now.
    expect(paused.everyMs).toBe(40 * 60_000 + 1_000);
  });

  it('shares a group’s pace among its views, gives a view’s part back when it leaves, and keeps groups apart', () => {
    const s = setup();
    s.note(500);
    const gap = HOUR / Math.floor(BACKGROUND_SHARE * 500);
    expect(s.budget.reserve('p1', 'training', 'job', 1, 10_000).everyMs).toBe(gap);
    // A second view: each now waits for both.
    expect(s.budget.reserve('p1', 'training', 'list', 1, 10_000).everyMs).toBe(2 * gap);
    expect(s.budget.reserve('p1', 'training', 'job', 1, 10_000).everyMs).toBe(2 * gap);
    s.budget.leave('list');
    expect(s.budget.reserve('p1', 'training', 'job', 1, 10_000).everyMs).toBe(gap);
    // A view that stopped asking without leaving counts until one of its waits (and 10 s) has passed.
    s.budget.reserve('p1', 'training', 'list', 1, 10_000);
    s.at(s.now() + 5 * gap);
    expect(s.budget.reserve('p1', 'training', 'job', 1, 10_000).everyMs).toBe(gap);
    // Another group has a budget of its own.
    s.budget.note(
      'p1',
      'clusters',
      { limit: 1000, remaining: 1000, reset: Date.parse('2026-11-27T11:00:00.000Z') / 1000, window: 3600 },
      s.now(),
    );
    expect(s.budget.reserve('p1', 'clusters', 'metrics', 1, 10_000).everyMs).toBe(HOUR / 90);
  });

  it('follows a server clock that runs 60 times faster: its hour is a real minute', () => {
    const s = setup();
    let server = T0;
    s.note(500, { server });
    // Two answers 30 s apart, 30 simulated minutes apart.
    s.at(T0 + 30_000);
    server += 30 * 60_000;
    s.note(500, { server, resetMs: Date.parse('2026-11-27T11:00:00.000Z') });
    s.at(T0 + 60_000);
    server += 30 * 60_000;
    s.note(500, { server, resetMs: Date.parse('2026-11-27T12:00:00.000Z') });
    const pace = s.budget.reserve('p1', 'training', 'job', 1, 100);
    // A real minute ÷ 45 reads: 1.3 s, not 80 s.
    expect(pace.everyMs).toBeLessThan(2_000);
  });

  it('starts over when the server’s clock goes back a window or more (an emulator reset)', () => {
    const s = setup();
    // Four hours ahead (the clock was advanced), the share spent there.
    s.note(0, { resetMs: Date.parse('2026-11-27T15:00:00.000Z') });
    expect(s.budget.reserve('p1', 'training', 'job', 1, 2_000).state).toBe('paused');
    // Reset: the window is 11:00 again, with its reads.
    s.note(500);
    const pace = s.budget.reserve('p1', 'training', 'job', 1, 2_000);
    expect(pace.state).toBe('saving');
    expect(pace.everyMs).toBe(HOUR / 45);
  });

  it('starts over for another profile (another server, other limits)', () => {
    const s = setup();
    s.note(0);
    expect(s.budget.reserve('p1', 'training', 'job', 1, 5_000).state).toBe('paused');
    expect(s.budget.reserve('p2', 'training', 'job', 1, 5_000)).toMatchObject({ state: 'live', everyMs: 5_000 });
  });
});
