// The Emulator view's pure logic: durations and speeds typed in the clock panel, the chaos
// rule form, the journal's rows and filter, snapshot files and the import's diff summary.
import { describe, expect, it } from 'vitest';
import { CLOCK_ADVANCE_MAX_SECONDS, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type EmulatorSnapshot } from '../../../shared/api/emulator-admin';
import { chaosFormOf, emptyChaosForm, toChaosRule } from '../../../renderer/src/features/emulator/chaos-form';
import { formatDuration, parseSpeed, parseStep, simulatedNow, speedMeaning } from '../../../renderer/src/features/emulator/clock-input';
import { filterJournal, journalRows } from '../../../renderer/src/features/emulator/journal-filter';
import { changeSummary, diffSnapshots } from '../../../renderer/src/features/emulator/snapshot-diff';
import { readSnapshot, SNAPSHOT_MAX_BYTES, snapshotFileName } from '../../../renderer/src/features/emulator/snapshot-file';

describe('clock inputs', () => {
  it('turns a duration and a unit into seconds, within the route’s bound, with the rule in words', () => {
    expect(parseStep('90', 'minutes')).toEqual({ ok: true, value: 5400 });
    expect(parseStep(' 1.5 ', 'hours')).toEqual({ ok: true, value: 5400 });
    expect(parseStep('366', 'days')).toEqual({ ok: true, value: CLOCK_ADVANCE_MAX_SECONDS });
    expect(parseStep('367', 'days')).toEqual({ ok: false, error: 'At most 366 days per step' });
    expect(parseStep('8785', 'hours')).toEqual({ ok: false, error: 'At most 366 days per step' });
    expect(parseStep('0', 'hours')).toEqual({ ok: false, error: 'Enter more than 0' });
    expect(parseStep('', 'hours')).toMatchObject({ ok: false, error: 'Enter how long to move forward' });
    for (const bad of ['-1', 'soon', '1e3', '1,5']) expect(parseStep(bad, 'hours'), bad).toMatchObject({ ok: false });
  });

  it('reads a speed above 0 and up to a million, a trailing × allowed', () => {
    expect(parseSpeed('600')).toEqual({ ok: true, value: 600 });
    expect(parseSpeed('0.5×')).toEqual({ ok: true, value: 0.5 });
    expect(parseSpeed('25x')).toEqual({ ok: true, value: 25 });
    expect(parseSpeed('1000000')).toEqual({ ok: true, value: 1_000_000 });
    expect(parseSpeed('1000001')).toEqual({ ok: false, error: 'At most 1,000,000×' });
    expect(parseSpeed('0')).toEqual({ ok: false, error: 'Enter more than 0' });
    expect(parseSpeed('fast')).toMatchObject({ ok: false });
  });

  it('says durations and speeds in words', () => {
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(5400)).toBe('1 h 30 min');
    expect(formatDuration(86_400 * 3 + 3600)).toBe('3 days 1 h');
    expect(formatDuration(45)).toBe('45 s');
    expect(speedMeaning(1)).toBe('Simulated time runs as fast as real time');
    expect(speedMeaning(600)).toBe('1 real second = 10 min simulated');
    expect(speedMeaning(0.5)).toBe('1 real second = 0.5 simulated seconds');
  });

  it('runs simulated now forward at the clock’s speed from when it was read, up to the bound', () => {
    const clock = { now: '2026-01-01T00:00:00.000Z', speed: 60 };
    expect(simulatedNow(clock, 1000, 2000, Number.MAX_SAFE_INTEGER)).toBe(Date.UTC(2026, 0, 1, 0, 1));
    expect(simulatedNow(clock, 1000, 500, Number.MAX_SAFE_INTEGER)).toBe(Date.UTC(2026, 0, 1));
    expect(simulatedNow(clock, 0, 10_000, Date.UTC(2026, 0, 1, 0, 0, 30))).toBe(Date.UTC(2026, 0, 1, 0, 0, 30));
  });
});

describe('chaos rule form', () => {
  const valid = { ...emptyChaosForm(), route: '/v1/clusters/**' };

  it('builds a rule from the form, the error rate as a share', () => {
    expect(toChaosRule({ ...valid, method: 'GET', errorRate: '25', latencyMs: '150' })).toEqual({
      ok: true,
      request: { route: '/v1/clusters/**', method: 'GET', latencyMs: 150, errorRate: 0.25, status: 503, code: 'CHAOS_INJECTED' },
    });
    const rule = { route: '/v2/**', latencyMs: 10, errorRate: 0.07, status: 500, code: 'INTERNAL_ERROR' } as const;
    expect(toChaosRule(chaosFormOf(rule))).toEqual({ ok: true, request: rule });
  });

  it('names each field’s real bound', () => {
    const result = toChaosRule({ ...valid, route: 'v1', latencyMs: '10001', errorRate: '101', status: '302' });
    expect(result).toEqual({
      ok: false,
      errors: {
        route: 'Start the pattern with /, e.g. /v2/auth/*',
        latencyMs: 'Enter whole milliseconds from 0 to 10,000',
        errorRate: 'Enter a percentage from 0 to 100',
        status: 'Enter an error status from 400 to 599',
      },
    });
    expect(toChaosRule({ ...valid, route: '' })).toMatchObject({ ok: false, errors: { route: expect.stringMatching(/^Enter a route/) } });
    expect(toChaosRule({ ...valid, route: `/${'a'.repeat(300)}` })).toMatchObject({
      ok: false,
      errors: { route: 'At most 300 characters' },
    });
    expect(toChaosRule({ ...valid, latencyMs: '1.5' })).toMatchObject({ ok: false, errors: { latencyMs: expect.any(String) } });
    expect(toChaosRule({ ...valid, errorRate: '0', latencyMs: '0' })).toMatchObject({
      ok: false,
      errors: { errorRate: 'Add latency or an error rate: as it is, the rule changes nothing' },
    });
  });
});

describe('journal', () => {
  const entry = (path: string, status = 200, method = 'GET', keyId: string | null = 'key_a') => ({
    at: '2026-01-01T00:00:00.000Z',
    method,
    path,
    status,
    durationMs: 1,
    keyId,
  });

  it('lists the newest first, numbered by their place in the journal, without the view’s own polling', () => {
    const rows = journalRows([entry('/v2/a'), entry('/_emulator/journal'), entry('/v2/b', 503), entry('/_emulator/clock')], 10);
    expect(rows.map((r) => [r.path, r.seq])).toEqual([
      ['/v2/b', 8],
      ['/v2/a', 6],
    ]);
    // An admin write is an operator's action: it stays.
    expect(journalRows([entry('/_emulator/clock', 200, 'PUT')], 1)).toHaveLength(1);
  });

  it('filters by text over method, path, status and key id, and by status class', () => {
    const rows = journalRows(
      [entry('/v2/auth/verify'), entry('/v1/clusters', 503, 'GET', null), entry('/v2/accounts/api-keys', 201, 'POST', 'key_b')],
      3,
    );
    expect(filterJournal(rows, 'clusters', 'all').map((r) => r.path)).toEqual(['/v1/clusters']);
    expect(filterJournal(rows, 'post', 'all').map((r) => r.path)).toEqual(['/v2/accounts/api-keys']);
    expect(filterJournal(rows, 'KEY_B', 'all')).toHaveLength(1);
    expect(filterJournal(rows, '503', 'all')).toHaveLength(1);
    expect(filterJournal(rows, '', '5xx').map((r) => r.status)).toEqual([503]);
    expect(filterJournal(rows, 'v2', '2xx')).toHaveLength(2);
    expect(filterJournal(rows, 'v2', '4xx')).toHaveLength(0);
    expect(filterJournal(rows, '', 'all')).toBe(rows);
  });
});

function snapshot(areas: Record<string, unknown>, over: Partial<EmulatorSnapshot> = {}): EmulatorSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    savedAt: '2026-01-01T00:00:00.000Z',
    seed: 42,
    clock: { now: Date.UTC(2026, 0, 1) },
    state: { areas },
    ...over,
  } as EmulatorSnapshot;
}

describe('snapshot import', () => {
  const current = snapshot({
    accounts: {
      account: { id: 'acc', name: 'Lab' },
      keys: [
        { id: 'k1', name: 'a' },
        { id: 'k2', name: 'b' },
        { id: 'k3', name: 'c' },
      ],
      usage: { k1: { hours: {} }, k2: { hours: {} } },
    },
    clusters: { clusters: [{ id: 'c1', status: 'running' }], templates: [] },
  });

  it('counts records added, removed and changed per area and collection, and says where the seed and the clock go', () => {
    const next = snapshot(
      {
        accounts: {
          account: { id: 'acc', name: 'Renamed' },
          keys: [
            { id: 'k1', name: 'a' },
            { id: 'k2', name: 'B' },
            { id: 'k4', name: 'd' },
            { id: 'k5', name: 'e' },
          ],
          usage: { k1: { hours: {} } },
        },
        clusters: { clusters: [{ id: 'c1', status: 'running' }], templates: [] },
      },
      { seed: 7, clock: { now: Date.UTC(2026, 0, 2) } },
    );
    const diff = diffSnapshots(current, next);
    const by = Object.fromEntries(diff.collections.map((c) => [`${c.area}.${c.collection}`, c]));
    expect(by['accounts.keys']).toMatchObject({ count: 4, added: 2, removed: 1, changed: 1 });
    expect(by['accounts.usage']).toMatchObject({ count: 1, added: 0, removed: 1, changed: 0 });
    expect(by['accounts.account']).toMatchObject({ count: 1, changed: 1 });
    expect(by['clusters.clusters']).toMatchObject({ count: 1, added: 0, removed: 0, changed: 0 });
    expect(by['clusters.templates']).toMatchObject({ count: 0, added: 0, removed: 0, changed: 0 });
    expect(diff.seed).toEqual({ from: 42, to: 7 });
    expect(diff.clock.movesBy).toBe(86_400_000);
    expect(diff.identical).toBe(false);
    expect(changeSummary(by['accounts.keys']!)).toBe('2 added, 1 removed, 1 changed');
    expect(changeSummary(by['clusters.clusters']!)).toBe('no change');
  });

  it('knows an identical world, and that an earlier clock does not move it back', () => {
    const earlier = snapshot(current.state.areas, { clock: { now: Date.UTC(2025, 0, 1) } });
    const diff = diffSnapshots(current, earlier);
    expect(diff.clock.movesBy).toBe(0);
    expect(diff.identical).toBe(true);
    expect(diff.seed).toBeNull();
  });

  it('names the file with the date of its simulated clock and reads a picked file back, saying what is wrong with it', () => {
    // The world's time (an advanced clock), not the moment of the export (issue 18 part 5).
    expect(snapshotFileName({ clock: { now: new Date(2026, 10, 5, 9, 7).getTime() } })).toBe('emulator-snapshot-2026-11-05-0907.json');
    expect(readSnapshot(JSON.stringify(current))).toEqual({ ok: true, snapshot: current });
    expect(readSnapshot('{nope')).toMatchObject({ ok: false, error: expect.stringMatching(/^The file is not JSON/) });
    expect(readSnapshot('{"a":1}')).toEqual({ ok: false, error: 'The file is JSON but not an emulator snapshot.' });
    expect(readSnapshot(JSON.stringify({ ...current, version: 1 }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The snapshot is format version 1; this console imports version 2/),
    });
    expect(readSnapshot(JSON.stringify({ ...current, clock: { now: -1 } }))).toMatchObject({
      ok: false,
      error: 'The snapshot’s clock is not a time between 1970 and 9000-01-01.',
    });
    expect(readSnapshot(JSON.stringify({ ...current, state: { areas: 'x' } }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The snapshot is damaged at “state.areas”/),
    });
    expect(readSnapshot('{}', SNAPSHOT_MAX_BYTES + 1)).toMatchObject({ ok: false, error: expect.stringMatching(/^The file is 1 MB/) });
  });
});
