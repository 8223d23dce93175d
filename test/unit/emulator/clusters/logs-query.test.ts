// The log search's query language: precedence, implicit AND, NOT and '-', parentheses,
// phrases, field:value, and errors that name the position of what is wrong, with bounds on
// length, term count and nesting.
import { describe, expect, it } from 'vitest';
import type { Raw } from '../../../../main/emulator/areas/clusters/sim/logs/content';
import { QUERY_MAX_DEPTH, QUERY_MAX_TERMS, QueryError, parseQuery } from '../../../../main/emulator/areas/clusters/sim/logs/query';

const proc = { pid: 4321, name: 'python', command: 'python train.py' };
const base: Raw = {
  t: 1_000,
  tag: 'w1',
  level: 'info',
  source: 'application',
  type: 'application',
  message: 'step 12 | loss 1.84',
  proc,
  gpu: null,
  file: null,
  line: null,
  thread: null,
  tags: ['application', 'training'],
};
const E = {
  step: base,
  oom: {
    ...base,
    tag: 'b4',
    level: 'error',
    type: 'error',
    message: 'CUDA out of memory',
    stack: ['Traceback', 'torch.cuda.OutOfMemoryError'],
  },
  hot: {
    ...base,
    tag: 'hot3',
    level: 'warn',
    source: 'gpu_driver',
    type: 'gpu',
    message: 'gpu_3 temperature 86.1 °C',
    gpu: 3,
    tags: ['gpu', 'thermal'],
  },
  audit: {
    ...base,
    tag: 'b1',
    source: 'host',
    type: 'audit',
    message: 'Accepted publickey for usr_1 (not root)',
    proc: { pid: 27, name: 'sshd', command: 'sshd' },
  },
} satisfies Record<string, Raw>;
const all = Object.entries(E) as Array<[string, Raw]>;

const matches = (q: string) =>
  all
    .filter(([, e]) => parseQuery(q).match({ ...e }))
    .map(([k]) => k)
    .sort();

function errorOf(q: string): { position: number; reason: string } {
  try {
    parseQuery(q);
  } catch (e) {
    if (e instanceof QueryError) return { position: e.position, reason: e.reason };
    throw e;
  }
  throw new Error(`no error for ${q}`);
}

describe('log query language', () => {
  it('matches words and phrases in the message and stack trace, case-insensitively', () => {
    expect(matches('LOSS')).toEqual(['step']);
    expect(matches('"out of memory"')).toEqual(['oom']);
    expect(matches('OutOfMemoryError')).toEqual(['oom']);
    expect(matches('"of memory cuda"')).toEqual([]);
  });

  it('reads field:value for level, source, log_type, gpu_id, process, pid and tag', () => {
    expect(matches('level:error')).toEqual(['oom']);
    expect(matches('level:WARN')).toEqual(['hot']);
    expect(matches('source:gpu_driver')).toEqual(['hot']);
    expect(matches('log_type:audit')).toEqual(['audit']);
    expect(matches('type:gpu')).toEqual(['hot']);
    expect(matches('gpu_id:gpu_3')).toEqual(['hot']);
    expect(matches('gpu:3')).toEqual(['hot']);
    expect(matches('process:sshd')).toEqual(['audit']);
    expect(matches('pid:27')).toEqual(['audit']);
    expect(matches('tag:thermal')).toEqual(['hot']);
    expect(matches('message:"publickey for"')).toEqual(['audit']);
  });

  it('binds NOT tighter than AND, AND tighter than OR; side by side means AND', () => {
    expect(matches('level:error OR level:warn')).toEqual(['hot', 'oom']);
    expect(matches('level:info step OR gpu:3')).toEqual(['hot', 'step']);
    expect(matches('level:info AND (step OR publickey)')).toEqual(['audit', 'step']);
    expect(matches('NOT level:info')).toEqual(['hot', 'oom']);
    expect(matches('-level:info -source:gpu_driver')).toEqual(['oom']);
    expect(matches('not (level:error or level:warn) and not root')).toEqual(['step']);
    expect(matches('"not root"')).toEqual(['audit']);
    expect(matches('NOT NOT level:error')).toEqual(['oom']);
  });

  it('knows which levels a query can match, so a search for rare levels reads only their index', () => {
    const levels = (q: string) => {
      const l = parseQuery(q).levels;
      return l === null ? null : [...l].sort();
    };
    expect(levels('level:error AND (oom OR "out of memory")')).toEqual(['error']);
    expect(levels('level:error OR level:warn')).toEqual(['error', 'warn']);
    expect(levels('(level:error OR level:warn) level:warn')).toEqual(['warn']);
    expect(levels('level:error OR gpu:3')).toBeNull();
    expect(levels('NOT level:info')).toBeNull();
    expect(levels('step')).toBeNull();
  });

  it('reads id: as the entry’s millisecond and tag, and knows the times such a query can match', () => {
    // Every entry of E is at t = 1000 ("rs" in base 36); the tag tells them apart.
    expect(matches('id:log_rs_w1')).toEqual(['step']);
    expect(matches('id:log_rs_b4 OR id:log_rs_hot3')).toEqual(['hot', 'oom']);
    // Not an id in its one spelling: a leading zero, upper case, another prefix name no entry.
    for (const q of ['id:log_0rs_w1', 'id:log_RS_w1', 'id:rs_w1', 'id:nope']) {
      expect(matches(q), q).toEqual([]);
      expect([...parseQuery(q).times!], q).toEqual([]);
    }
    const times = (q: string) => {
      const t = parseQuery(q).times;
      return t === null ? null : [...t].sort((a, b) => a - b);
    };
    expect(times('id:log_rs_w1')).toEqual([1000]);
    expect(times('id:log_rs_w1 OR id:log_1_w1 OR (id:log_2_b4 AND level:error)')).toEqual([1, 2, 1000]);
    // AND: any part that names times narrows the whole to them; OR and NOT only when all do.
    expect(times('step AND id:log_rs_w1')).toEqual([1000]);
    expect(times('(id:log_1_a OR id:log_2_a) id:log_2_a')).toEqual([2]);
    expect(times('id:log_1_a id:log_2_a')).toEqual([]);
    expect(times('id:log_rs_w1 OR step')).toBeNull();
    expect(times('NOT id:log_rs_w1')).toBeNull();
    expect(times('step')).toBeNull();
  });

  it('lists the terms it searched for', () => {
    expect(parseQuery('level:error AND ("out of memory" OR oom)').terms).toEqual(['level:error', 'out of memory', 'oom']);
  });

  it('answers what is wrong and where', () => {
    expect(errorOf('level:error AND')).toEqual({ position: 15, reason: 'expected a term, "(" or NOT, found the end of the query' });
    expect(errorOf('(level:error OR gpu:1')).toMatchObject({
      position: 21,
      reason: expect.stringContaining('")" to close the "(" at position 0'),
    });
    expect(errorOf('level:error)')).toEqual({ position: 11, reason: 'a ")" without its "("' });
    expect(errorOf('message:"out of')).toMatchObject({ position: 8, reason: 'unclosed quote' });
    expect(errorOf('level:critical')).toMatchObject({ position: 6, reason: expect.stringContaining('unknown level "critical"') });
    expect(errorOf('step levle:error')).toMatchObject({ position: 5, reason: expect.stringContaining('unknown field "levle"') });
    expect(errorOf('gpu_id:seven')).toMatchObject({ position: 7 });
    expect(errorOf('level:')).toMatchObject({ position: 6, reason: 'a value after "level:"' });
    expect(errorOf('OR step')).toMatchObject({ position: 0 });
    expect(errorOf('   ')).toMatchObject({ position: 0, reason: 'a term to search for' });
    expect(errorOf('""')).toMatchObject({ position: 0, reason: 'empty phrase' });
  });

  it('bounds nesting, term count and length', () => {
    const deep = '('.repeat(QUERY_MAX_DEPTH + 1) + 'x' + ')'.repeat(QUERY_MAX_DEPTH + 1);
    expect(errorOf(deep)).toMatchObject({ position: QUERY_MAX_DEPTH + 1, reason: `nesting deeper than ${QUERY_MAX_DEPTH} levels` });
    const ok = '('.repeat(QUERY_MAX_DEPTH) + 'step' + ')'.repeat(QUERY_MAX_DEPTH);
    expect(parseQuery(ok).match(E.step)).toBe(true);
    expect(errorOf('NOT '.repeat(40) + 'x')).toMatchObject({ reason: `nesting deeper than ${QUERY_MAX_DEPTH} levels` });
    const many = Array.from({ length: QUERY_MAX_TERMS + 1 }, (_, i) => `w${i}`).join(' OR ');
    expect(errorOf(many)).toMatchObject({ position: many.indexOf(`w${QUERY_MAX_TERMS}`), reason: `at most ${QUERY_MAX_TERMS} terms` });
    expect(errorOf('x'.repeat(1001))).toMatchObject({ position: 1000 });
  });
});
