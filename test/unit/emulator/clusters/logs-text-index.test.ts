// Month-long searches test the hours between the range's edges on their indexes (text-index.ts):
// they must find exactly what testing every generated entry finds, in the same order.
import { describe, expect, it } from 'vitest';
import type { Raw } from '../../../../main/emulator/areas/clusters/sim/logs/content';
import { parseQuery } from '../../../../main/emulator/areas/clusters/sim/logs/query';
import {
  HOUR,
  RARE_LEVELS,
  hourOf,
  idOf,
  isLongRead,
  rareHourOf,
  scan,
  scanAt,
  scanIndexed,
  sourceOf,
} from '../../../../main/emulator/areas/clusters/sim/logs/read';
import { buildHourIndex, textBits } from '../../../../main/emulator/areas/clusters/sim/logs/text-index';
import { T0, trainingCluster } from './sim-fixture';

const MIN = 60_000;
const src = sourceOf(11, trainingCluster({ id: 'cluster_unitIndex1' }));
// Three days, cut mid-hour at both ends: two edge hours read entry by entry, 71 whole hours between.
const from = T0 + 5 * HOUR + 17 * MIN;
const to = from + 72 * HOUR;

function plain(query: string, newestFirst: boolean): { ids: string[]; scanned: number } {
  const q = parseQuery(query);
  const ids: string[] = [];
  let scanned = 0;
  scan(
    src,
    from,
    to,
    (e) => (scanned++, q.match(e)),
    (e) => void ids.push(idOf(e)),
    newestFirst,
  );
  return { ids, scanned };
}

function indexed(query: string, newestFirst: boolean, wantAtMost = Infinity) {
  const q = parseQuery(query);
  if (!q.index) throw new Error(`${query}: not answerable from the index`);
  const taken: Raw[] = [];
  let total = 0;
  let scanned = 0;
  scanIndexed(
    src,
    from,
    to,
    q.index,
    q.match,
    {
      scanned: (n) => void (scanned += n),
      wants: () => taken.length < wantAtMost,
      take: (e) => {
        total++;
        taken.push(e);
      },
      count: (n) => void (total += n),
    },
    newestFirst,
  );
  return { ids: taken.map(idOf), total, scanned, taken };
}

/** A query whose id: terms name its times, read from their minutes only. */
function atTimes(query: string, newestFirst: boolean): { ids: string[]; scanned: number } {
  const q = parseQuery(query);
  if (!q.times) throw new Error(`${query}: names no times`);
  const ids: string[] = [];
  let scanned = 0;
  scanAt(
    src,
    q.times,
    from,
    to,
    (e) => (scanned++, q.match(e)),
    (e) => void ids.push(idOf(e)),
    newestFirst,
  );
  return { ids, scanned };
}

describe('hour indexes for long searches', () => {
  it('a three-day read is a long one (the entry cache would not keep it)', () => {
    expect(isLongRead(from, to)).toBe(true);
    expect(isLongRead(from, from + 24 * HOUR)).toBe(false);
  });

  const queries = [
    '"grad_norm 1.0"',
    'nccl',
    'step AND -level:debug',
    'level:warn OR checkpoint',
    'gpu:3 OR type:system',
    'source:host AND NOT kernel',
    'level:debug eval',
    '"loss 1." -"lr 3.00e-4"',
  ];
  for (const query of queries)
    it(`${query}: the same entries in the same order as testing every entry, both ways`, () => {
      for (const newestFirst of [false, true]) {
        const want = plain(query, newestFirst);
        if (query !== 'nccl') expect(want.ids.length).toBeGreaterThan(0);
        const got = indexed(query, newestFirst);
        expect(got.ids).toEqual(want.ids);
        expect(got.total).toBe(want.ids.length);
        expect(got.scanned).toBe(want.scanned);
      }
    });

  it('id: terms find the entries they name, from their minutes alone or on the indexes with other terms', () => {
    const every = plain('step OR NOT step', false).ids;
    // 20 entries spread over the range, the first and last in the edge hours, and one id that names nothing.
    const named = [...every.filter((_, i) => i % Math.floor(every.length / 18) === 0), every.at(-1)!];
    const ids = [...named, named[3]!.replace(/_[^_]+$/, '_zz')].map((id) => `id:${id}`).join(' OR ');
    for (const newestFirst of [false, true]) {
      const alone = atTimes(ids, newestFirst);
      expect(alone.ids).toEqual(newestFirst ? [...named].reverse() : named);
      expect(alone.ids).toEqual(plain(ids, newestFirst).ids);
      expect(alone.scanned).toBeLessThan(named.length * 200);
      expect(atTimes(`(${ids}) AND level:info`, newestFirst).ids).toEqual(plain(`(${ids}) AND level:info`, newestFirst).ids);
      for (const query of [`${ids} OR level:warn`, `(${ids}) AND NOT level:debug`, `NOT (${ids})`]) {
        const want = plain(query, newestFirst);
        const got = indexed(query, newestFirst);
        expect(got.ids, query.slice(-30)).toEqual(want.ids);
        expect(got.total).toBe(want.ids.length);
      }
    }
  });

  it('counts the matches it does not take, and takes the first ones in order', () => {
    const all = plain('"grad_norm 1.0"', true).ids;
    expect(all.length).toBeGreaterThan(5_000);
    const some = indexed('"grad_norm 1.0"', true, 100);
    expect(some.total).toBe(all.length);
    expect(some.ids).toEqual(all.slice(0, 100));
    // The entries it returns are the generated ones (message and all), not index rows.
    for (const e of some.taken) expect(e.message).toContain('grad_norm 1.0');
  });

  it('finds a needle at the start and the end of an entry, never across two', () => {
    const entries = [
      { message: 'Alpha beta', level: 'info', source: 'host', type: 'system', gpu: null },
      { message: 'gamma delta', level: 'warn', source: 'host', type: 'system', gpu: 2 },
      { message: 'epsilon', level: 'info', source: 'host', type: 'system', gpu: null },
    ] as unknown as Raw[];
    const ix = buildHourIndex(entries);
    expect([...textBits(ix, 'alpha')]).toEqual([1, 0, 0]);
    expect([...textBits(ix, 'delta')]).toEqual([0, 1, 0]);
    expect([...textBits(ix, 'epsilon')]).toEqual([0, 0, 1]);
    expect([...textBits(ix, 'a')]).toEqual([1, 1, 0]);
    // "beta" + "gamma" side by side in the joined text is not an entry's text.
    expect([...textBits(ix, 'betagamma')]).toEqual([0, 0, 0]);
    expect([...textBits(ix, 'beta gamma')]).toEqual([0, 0, 0]);
  });

  it('a query with a term the index does not hold (process, pid, tag, a NUL) is answered entry by entry', () => {
    for (const q of ['process:python', 'tag:training', 'pid:1', 'grad_norm AND tag:gpu', '"a\u0000b"'])
      expect(parseQuery(q).index, q).toBeNull();
    expect(parseQuery('level:info AND (gpu:1 OR "loss")').index).not.toBeNull();
  });
});

describe('the rare-level index', () => {
  it('generates, without the bulk lines, exactly the warn, error and fatal entries of the whole hours', () => {
    // Its own seed and team, so neither cache holds these hours yet.
    const c = trainingCluster({ id: 'cluster_unitRare01', team_members: ['usr_a1', 'usr_b2'] });
    const rare = sourceOf(23, c);
    let seen = 0;
    for (let h = T0 + 2 * HOUR; h < T0 + 50 * HOUR; h += HOUR) {
      const only = rareHourOf(rare.seed, rare.m, h).map((e) => `${idOf(e)} ${e.level} ${e.message}`);
      const whole = hourOf(rare.seed, rare.m, h, false)
        .filter((e) => RARE_LEVELS.has(e.level))
        .map((e) => `${idOf(e)} ${e.level} ${e.message}`);
      expect(only).toEqual(whole);
      seen += only.length;
    }
    expect(seen).toBeGreaterThan(20);
  });
});
