// The log window's logic: the ring buffer, the merge of several sources by time, the filters
// and the pattern, and the "new lines" counter of follow mode.
import { describe, expect, it } from 'vitest';
import { channels } from '../../../shared/ipc/contract';
import {
  LOG_AT_PARAM,
  logWindowName,
  logWindowPath,
  metricsAtPath,
  metricsWindowName,
} from '../../../renderer/src/platform/navigation/links';
import { hiddenExcept, MOMENT_SPAN_MS, readMoment } from '../../../renderer/src/features/clusters/clusters/metrics/moment';
import { parseSources, serverFilters } from '../../../renderer/src/features/clusters/logs/log-sources';
import { atBottom, FOLLOWING, onScrolled, pause, unseen } from '../../../renderer/src/features/clusters/logs/follow';
import { LineBuffer } from '../../../renderer/src/features/clusters/logs/line-buffer';
import { compilePattern, highlightSegments, NO_FILTER, PATTERN_MAX } from '../../../renderer/src/features/clusters/logs/line-filter';
import { LogModel, VIEW_INTERVAL_MS } from '../../../renderer/src/features/clusters/logs/log-model';
import { rateText } from '../../../renderer/src/features/clusters/logs/feed-status';
import { queryRefusal, searchFieldError } from '../../../renderer/src/features/clusters/logs/older-search';
import type { NormalizedError } from '../../../shared/api/errors';

function clusterEntry(i: number, at: number, extra: Record<string, unknown> = {}) {
  return {
    id: `e${i}`,
    timestamp: new Date(at).toISOString(),
    level: 'info',
    source: 'container',
    log_type: 'application',
    message: `line ${i}`,
    process: { pid: 1, name: 'p', command: 'p' },
    metadata: {
      host: 'h',
      container_id: null,
      thread_id: null,
      file: null,
      line: null,
      gpu_id: null,
      cuda_version: null,
      driver_version: null,
    },
    tags: [],
    ...extra,
  };
}

function endpointEntry(at: number, message: string, level = 'info') {
  return {
    timestamp: new Date(at).toISOString(),
    level,
    message,
    jobId: null,
    requestId: null,
    source: 'api_handler',
    metadata: {},
    duration: null,
    memoryUsage: '1GB',
    gpuUtilization: 10,
  };
}

/** A model whose frames run when the test says. */
function manualModel(capacity?: number) {
  const frames: (() => void)[] = [];
  let now = 0;
  const model = new LogModel({ capacity, schedule: (run) => frames.push(run), now: () => now, serverNow: () => T0 + 500 });
  return {
    model,
    frame() {
      frames.splice(0).forEach((run) => run());
    },
    frames,
    setNow(n: number) {
      now = n;
    },
  };
}

const T0 = Date.UTC(2026, 0, 1, 12);

describe('LineBuffer', () => {
  it('keeps the newest lines up to its capacity and counts the ones it let go', () => {
    const b = new LineBuffer<number>(3);
    for (let i = 0; i < 5; i++) b.push(i);
    expect(b.size).toBe(3);
    expect(b.dropped).toBe(2);
    expect(b.start).toBe(2);
    expect([b.at(1), b.at(2), b.at(3), b.at(4), b.at(5)]).toEqual([undefined, 2, 3, 4, undefined]);
    expect(b.last).toBe(4);
  });

  it('rewrites its tail with more lines, counting drops once', () => {
    const b = new LineBuffer<number>(4);
    for (const v of [1, 3, 5, 7]) b.push(v);
    b.rewriteTail(2, [4, 5, 6, 7]); // 5 and 7 with 4 and 6 merged in
    expect(b.tailFrom(b.start)).toEqual([3, 4, 5, 6, 7].slice(-4));
    expect(b.dropped).toBe(2);
    expect(() => b.rewriteTail(b.start, [1])).toThrow(RangeError);
  });

  it('holds 100,000 lines by default', () => {
    const b = new LineBuffer<number>();
    for (let i = 0; i < 100_500; i++) b.push(i);
    expect(b.size).toBe(100_000);
    expect(b.dropped).toBe(500);
    expect(b.at(b.start)).toBe(500);
  });
});

describe('LogModel', () => {
  it('takes a batch in once per frame and shows the lines in time order', () => {
    const { model, frame, frames, setNow } = manualModel();
    model.setSources([{ kind: 'cluster', id: 'cl_1' }]);
    model.ingest(0, [{ id: 'e1', entry: clusterEntry(1, T0) }]);
    model.ingest(0, [{ id: 'e2', entry: clusterEntry(2, T0 + 1000) }]);
    expect(frames).toHaveLength(1);
    expect(model.visibleCount).toBe(0);
    const v = model.version;
    setNow(100);
    frame();
    expect(model.version).toBe(v + 1);
    expect(model.visibleCount).toBe(2);
    expect(model.lineAt(1)!.message).toBe('line 2');
    expect(model.sources[0]!.lastId).toBe('e2');
  });

  it('tells the view of arriving lines at most every VIEW_INTERVAL_MS, and of what the reader does at once', () => {
    const { model, frame, setNow } = manualModel();
    model.setSources([{ kind: 'cluster', id: 'cl_1' }]);
    setNow(100);
    model.ingest(0, [{ id: 'e1', entry: clusterEntry(1, T0) }]);
    frame();
    const v = model.version;
    setNow(110);
    model.ingest(0, [{ id: 'e2', entry: clusterEntry(2, T0 + 1) }]);
    frame();
    // Taken in, but the view is told on a later frame.
    expect(model.visibleCount).toBe(2);
    expect(model.version).toBe(v);
    setNow(100 + VIEW_INTERVAL_MS);
    frame();
    expect(model.version).toBe(v + 1);
    model.setPattern('line 1');
    expect(model.version).toBe(v + 2);
  });

  it('merges several sources by time, even when one of them is late', () => {
    const { model, frame } = manualModel();
    model.setSources([
      { kind: 'cluster', id: 'cl_1' },
      { kind: 'endpoint', id: 'ep_1' },
    ]);
    model.ingest(
      0,
      [1, 3, 5].map((s) => ({ id: `c${s}`, entry: clusterEntry(s, T0 + s * 1000) })),
    );
    frame();
    // The endpoint's backlog arrives a frame later, older than the cluster's newest lines.
    model.ingest(
      1,
      [2, 4, 6].map((s) => ({ id: `${T0 + s * 1000}-0`, entry: endpointEntry(T0 + s * 1000, `ep ${s}`) })),
    );
    frame();
    const order = Array.from(model.visibleLines(), (l) => `${l.src}:${(l.ts - T0) / 1000}`);
    expect(order).toEqual(['0:1', '1:2', '0:3', '1:4', '0:5', '1:6']);
    expect(model.matchedTotal).toBe(6);
  });

  it('drops the oldest lines beyond its capacity and forgets them in the view', () => {
    const { model, frame } = manualModel(10);
    model.setSources([{ kind: 'cluster', id: 'cl_1' }]);
    model.ingest(
      0,
      Array.from({ length: 25 }, (_, i) => ({ id: `e${i}`, entry: clusterEntry(i, T0 + i) })),
    );
    frame();
    expect(model.visibleCount).toBe(10);
    expect(model.buffer.dropped).toBe(15);
    expect(model.lineAt(0)!.message).toBe('line 15');
  });

  it('filters by level, entry source and log type, and by pattern; a bad one shows no stale results', () => {
    const { model, frame } = manualModel();
    model.setSources([{ kind: 'cluster', id: 'cl_1' }]);
    model.ingest(0, [
      { id: 'a', entry: clusterEntry(1, T0, { level: 'error', message: 'CUDA out of memory' }) },
      { id: 'b', entry: clusterEntry(2, T0 + 1, { source: 'gpu_driver', log_type: 'gpu', message: 'Xid 79' }) },
      { id: 'c', entry: clusterEntry(3, T0 + 2, { message: 'epoch 3 loss=0.1' }) },
    ]);
    frame();
    model.setFilter({ ...NO_FILTER, levels: new Set(['error']) });
    expect(Array.from(model.visibleLines(), (l) => l.id)).toEqual(['a']);
    model.setFilter({ ...NO_FILTER, origins: new Set(['gpu_driver']) });
    expect(Array.from(model.visibleLines(), (l) => l.id)).toEqual(['b']);
    model.setFilter({ ...NO_FILTER, types: new Set(['application']) });
    expect(Array.from(model.visibleLines(), (l) => l.id)).toEqual(['a', 'c']);
    model.setFilter(NO_FILTER);
    expect(model.setPattern('loss=\\d').ok).toBe(true);
    expect(Array.from(model.visibleLines(), (l) => l.id)).toEqual(['c']);
    const bad = model.setPattern('(oom');
    expect(bad).toEqual({ ok: false, message: 'Not a valid regular expression: unterminated group' });
    // The lines of the last good pattern do not stay as if they matched '(oom' (issue 18 part 5),
    // nor do lines arriving meanwhile pass.
    expect(Array.from(model.visibleLines(), (l) => l.id)).toEqual([]);
    expect(model.pattern.ok).toBe(false);
    model.ingest(0, [{ id: 'x', entry: clusterEntry(9, T0 + 2.5, { message: 'oom' }) }]);
    frame();
    expect(model.visibleCount).toBe(0);
    // Case does not matter; lines arriving later are filtered as they come.
    model.setPattern('OUT OF');
    model.ingest(0, [{ id: 'd', entry: clusterEntry(4, T0 + 3, { message: 'out of memory again' }) }]);
    frame();
    expect(Array.from(model.visibleLines(), (l) => l.id)).toEqual(['a', 'd']);
  });

  it('keeps the lines of the sources that stay when the source list changes', () => {
    const { model, frame } = manualModel();
    model.setSources([
      { kind: 'cluster', id: 'cl_1' },
      { kind: 'endpoint', id: 'ep_1' },
    ]);
    model.ingest(0, [{ id: 'c1', entry: clusterEntry(1, T0) }]);
    model.ingest(1, [{ id: 'x', entry: endpointEntry(T0 + 1, 'ep line') }]);
    frame();
    model.setSources([{ kind: 'endpoint', id: 'ep_1' }]);
    expect(Array.from(model.visibleLines(), (l) => `${l.src}:${l.message}`)).toEqual(['0:ep line']);
    expect(model.sources[0]!.lastId).toBe('x');
  });

  it('finds the first line shown at or after a moment (a link to a minute the window holds)', () => {
    const { model, frame } = manualModel();
    model.setSources([{ kind: 'cluster', id: 'cl_1' }]);
    model.ingest(
      0,
      [0, 30, 60, 61, 90].map((s) => ({ id: `e${s}`, entry: clusterEntry(s, T0 + s * 1000, s === 60 ? { level: 'debug' } : {}) })),
    );
    frame();
    expect(model.lineAt(model.indexAtTime(T0 + 60_000))!.id).toBe('e60');
    expect(model.indexAtTime(T0 - 1)).toBe(0);
    expect(model.indexAtTime(T0 + 91_000)).toBe(model.visibleCount);
    // A line the filters hide is passed over.
    model.setFilter({ ...NO_FILTER, levels: new Set(['info']) });
    expect(model.lineAt(model.indexAtTime(T0 + 60_000))!.id).toBe('e61');
  });

  it('starts over at an older moment: the lines go, the feeds resume from nothing, and lines read again are not new', () => {
    const { model, frame } = manualModel();
    model.setSources([{ kind: 'cluster', id: 'cl_1' }]);
    model.ingest(
      0,
      [100, 101, 102].map((s) => ({ id: `e${s}`, entry: clusterEntry(s, T0 + s * 1000) })),
    );
    frame();
    expect(model.matchedTotal).toBe(3);
    model.ingest(0, [{ id: 'late', entry: clusterEntry(103, T0 + 103_000) }]);
    model.startOver();
    expect(model.visibleCount).toBe(0);
    expect(model.sources[0]!.lastId).toBeUndefined();
    const base = model.matchedTotal;
    // From the moment on: the lines before, and up to the newest the window had, come again…
    model.ingest(
      0,
      [50, 60, 100, 101, 102, 103].map((s) => ({ id: `e${s}`, entry: clusterEntry(s, T0 + s * 1000) })),
    );
    frame();
    expect(model.visibleCount).toBe(6);
    expect(model.lineAt(0)!.id).toBe('e50');
    // …and none of them counts as new: the counter is for what arrives after the newest line
    // the window had (the reader is shown the moment's lines, at the top).
    expect(model.matchedTotal - base).toBe(0);
    model.ingest(0, [{ id: 'e104', entry: clusterEntry(104, T0 + 104_000) }]);
    frame();
    expect(model.matchedTotal - base).toBe(1);
  });

  it('counts the lines that arrived per real second over the stated window, backlog and catch-up left out', () => {
    const { model, frame, setNow } = manualModel();
    model.setSources([{ kind: 'cluster', id: 'cl_1' }]);
    expect(model.rate()).toBeNull();
    expect(rateText(model.rate())).toBe('– lines/s over 10 s');
    // The feed goes live at the server's T0 + 500 (serverNow is T0 + 500, see manualModel).
    setNow(1000);
    model.setStatus(0, { type: 'status', state: 'live' });
    // Its backlog: 500 lines written before the window opened do not count as arrivals.
    model.ingest(
      0,
      Array.from({ length: 500 }, (_, i) => ({ id: `b${i}`, entry: clusterEntry(i, T0 - 60_000 + i) })),
    );
    frame();
    setNow(2000);
    expect(model.rate()).toBe(0);
    // Then 4 lines in the next 4 real seconds: 1 line/s over the 4 s the window has been open
    // (not 4 over 10 s, nor rounded to 0).
    for (let i = 0; i < 4; i++) {
      setNow(2000 + i * 1000);
      model.ingest(0, [{ id: `n${i}`, entry: clusterEntry(600 + i, T0 + 1000 + i * 1000) }]);
      frame();
    }
    setNow(5000);
    expect(model.rate()).toBe(1);
    expect(rateText(model.rate())).toBe('1 lines/s over 10 s');
    // Over a full window: 4 lines in the last 10 s.
    setNow(11_000);
    expect(model.rate()).toBeCloseTo(0.4);
    expect(rateText(model.rate())).toBe('0.4 lines/s over 10 s');
    setNow(20_000);
    expect(model.rate()).toBe(0);
  });
});

describe('patterns', () => {
  it('takes plain text and regular expressions, case-insensitively, and refuses long or bad ones in words', () => {
    const plain = compilePattern('Out of');
    expect(plain.ok && plain.test('cuda out of memory')).toBe(true);
    const re = compilePattern('gpu-[0-3]');
    expect(re.ok && re.test('xid on gpu-2')).toBe(true);
    expect(re.ok && re.test('xid on gpu-7')).toBe(false);
    expect(compilePattern('x'.repeat(PATTERN_MAX + 1))).toEqual({ ok: false, message: `At most ${PATTERN_MAX} characters` });
    expect(compilePattern('[a-')).toMatchObject({ ok: false });
    expect(compilePattern('').ok).toBe(true);
  });

  it('cuts a message into highlighted parts, and survives a pattern that matches nothing', () => {
    const p = compilePattern('o+');
    expect(highlightSegments('foo bar', p.ok ? p.highlight : null)).toEqual([
      { text: 'f', match: false },
      { text: 'oo', match: true },
      { text: ' bar', match: false },
    ]);
    const empty = compilePattern('x*');
    expect(highlightSegments('abc', empty.ok ? empty.highlight : null)).toEqual([{ text: 'abc', match: false }]);
  });
});

describe('follow mode', () => {
  it('stops following when the reader scrolls up, counts new lines, and follows again at the bottom', () => {
    let s = FOLLOWING;
    s = onScrolled(s, true, 10);
    expect(s.following).toBe(true);
    s = onScrolled(s, false, 10);
    expect(s.following).toBe(false);
    expect(unseen(s, 10)).toBe(0);
    expect(unseen(s, 42)).toBe(32);
    s = onScrolled(s, false, 42);
    expect(unseen(s, 50)).toBe(40);
    s = onScrolled(s, true, 50);
    expect(s).toBe(FOLLOWING);
    expect(unseen(s, 60)).toBe(0);
    expect(unseen(pause(FOLLOWING, 60), 61)).toBe(1);
  });

  it('counts a row of slack as the bottom', () => {
    expect(atBottom(980, 20, 1000)).toBe(true);
    expect(atBottom(900, 20, 1000)).toBe(false);
  });
});

describe('the link from a log line to the metrics at its moment', () => {
  const gpus = ['gpu_0', 'gpu_1', 'gpu_2'];
  const now = Date.UTC(2026, 0, 2, 12);

  it('builds the address and reads it back as a range around the moment with that GPU alone', () => {
    const at = now - 3_600_000;
    const path = metricsAtPath('cl_1', at, 'gpu_1');
    expect(path).toBe(`/clusters/cl_1/metrics?at=${encodeURIComponent(new Date(at).toISOString())}&gpu=gpu_1`);
    const moment = readMoment(new URLSearchParams(path.split('?')[1]), now, gpus)!;
    expect(moment.range).toEqual({ start: at - MOMENT_SPAN_MS, end: at + MOMENT_SPAN_MS });
    expect(moment.at).toBe(at);
    expect(moment.gpu).toBe('gpu_1');
    expect([...hiddenExcept(gpus, 'gpu_1')]).toEqual(['gpu_0', 'gpu_2']);
  });

  it('ends a recent moment at now, ignores an unknown GPU and a time it cannot show', () => {
    const recent = readMoment(new URLSearchParams({ at: new Date(now - 60_000).toISOString(), gpu: 'gpu_9' }), now, gpus)!;
    expect(recent.range.end).toBe(now);
    expect(recent.range.end - recent.range.start).toBe(2 * MOMENT_SPAN_MS);
    expect(recent.gpu).toBeNull();
    expect(readMoment(new URLSearchParams({ at: 'yesterday' }), now, gpus)).toBeNull();
    expect(readMoment(new URLSearchParams({ at: new Date(now - 40 * 86_400_000).toISOString() }), now, gpus)).toBeNull();
  });
});

describe('the log window address', () => {
  it('lists the sources in the address and reads back only valid, distinct ones', () => {
    const path = logWindowPath([
      { kind: 'cluster', id: 'cluster_abc' },
      { kind: 'endpoint', id: 'ep_1' },
    ]);
    expect(path).toMatch(/^\/[A-Za-z0-9/_\-.?=&%]{0,512}$/); // the windows:open route rule
    const src = new URLSearchParams(path.split('?')[1]).get('src');
    expect(parseSources(src)).toEqual([
      { kind: 'cluster', id: 'cluster_abc' },
      { kind: 'endpoint', id: 'ep_1' },
    ]);
    expect(parseSources('cluster:cluster_a,cluster:cluster_a,volume:v1,endpoint:,nonsense,cluster:cl_bad')).toEqual([
      { kind: 'cluster', id: 'cluster_a' },
    ]);
  });

  it("opens as a desktop window: the fullest address (eight sources and a moment) passes windows:open's route rule", () => {
    const at = Date.UTC(2026, 10, 25, 9, 0);
    const sources = Array.from({ length: 8 }, (_, i) => ({
      kind: i % 2 ? ('endpoint' as const) : ('cluster' as const),
      id: `${i % 2 ? 'ep' : 'cluster'}_AbCdEf${i}`,
    }));
    const path = logWindowPath(sources, at);
    expect(channels['windows:open'].request.safeParse({ route: path }).success).toBe(true);
    const query = new URLSearchParams(path.split('?')[1]);
    expect(parseSources(query.get('src'))).toEqual(sources);
    expect(Date.parse(query.get(LOG_AT_PARAM)!)).toBe(at);
  });

  it('names the tab of a log window after its sources, and the metrics tab after its cluster', () => {
    expect(logWindowName([{ kind: 'cluster', id: 'cluster_a' }])).toBe('gpc-logs:cluster:cluster_a');
    expect(
      logWindowName([
        { kind: 'cluster', id: 'cluster_a' },
        { kind: 'endpoint', id: 'ep_1' },
      ]),
    ).toBe('gpc-logs:cluster:cluster_a,endpoint:ep_1');
    // No source: no name (a window of its own that nothing links to).
    expect(logWindowName([])).toBe('');
    expect(metricsWindowName('cluster_a')).not.toBe(logWindowName([{ kind: 'cluster', id: 'cluster_a' }]));
  });

  it('asks the server for the filters it can apply, per kind of source', () => {
    const choice = { levels: ['warn', 'error'] as ('warn' | 'error')[], origins: ['container', 'api_handler'], types: ['gpu'] };
    expect(serverFilters({ kind: 'cluster', id: 'cl_a' }, choice)).toEqual({
      kind: 'cluster',
      level: ['warn', 'error'],
      log_type: ['gpu'],
      source: ['container'],
    });
    expect(serverFilters({ kind: 'endpoint', id: 'ep_1' }, choice)).toEqual({ kind: 'endpoint', level: 'warn', source: ['api_handler'] });
    expect(serverFilters({ kind: 'endpoint', id: 'ep_1' }, { levels: null, origins: null, types: null })).toEqual({
      kind: 'endpoint',
      level: undefined,
      source: undefined,
    });
  });
});

describe('search older lines: the field (issue 18 part 5)', () => {
  it('says an endpoint pattern is not a regular expression before it is sent, in words', () => {
    expect(searchFieldError('endpoint', '(oom', null)).toBe('Not a valid regular expression: unterminated group');
    expect(searchFieldError('endpoint', 'out of (memory|mem)', null)).toBeNull();
    // The cluster search has its own grammar: parentheses are not a regular expression there.
    expect(searchFieldError('cluster', '(oom', null)).toBeNull();
    expect(searchFieldError('cluster', 'x'.repeat(10_000), null)).toMatch(/^At most [\d,]+ characters$/);
  });

  it('keeps the server’s refusal on the field while it holds that query, and no longer', () => {
    const refusal = queryRefusal({
      source: 'account',
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid filters.search.query: not a valid regular expression (RE2 syntax): missing argument to repetition operator: `*`',
      details: {
        field: 'filters.search.query',
        reason: 'not a valid regular expression (RE2 syntax): missing argument to repetition operator: `*`',
      },
    } as NormalizedError);
    expect(refusal).toBe('Not a valid regular expression (RE2 syntax): missing argument to repetition operator: `*`');
    const refused = { query: '*oom', message: refusal! };
    expect(searchFieldError('endpoint', '*oom', refused)).toMatch(/^Not a valid regular expression/);
    expect(searchFieldError('endpoint', 'oom', refused)).toBeNull();
    // An error about something else is not the field's.
    expect(
      queryRefusal({
        source: 'account',
        status: 400,
        code: 'INVALID_TIME_RANGE',
        message: 'x',
        details: { field: 'timeRange' },
      } as NormalizedError),
    ).toBeNull();
  });
});
