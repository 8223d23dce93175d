// Cluster logs over real HTTP (02-clusters.md, Logs; docs/decisions.md, Logs): the page read
// with every query parameter, pagination and the text format; the boolean search; the download
// in json, text and gzip; the Server-Sent Events stream (framing, backlog, new entries as the
// clock moves, Last-Event-ID resume, heartbeats, the server stopping when the client leaves,
// in-process too); a stop writing its phases and then nothing; and every validation error.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLogStreams } from '../../../../main/emulator/areas/clusters/logs/routes';
import { createEmulator } from '../../../../main/emulator';
import { LogEntry } from '../../../../shared/api/clusters/logs';
import { OWNER } from '../harness';
import { errorOf, startClusters, type ClusterTarget } from './harness';
import { sseReader, type Frame } from '../sse-reader';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, checked against its schema by the harness
type Wire = any;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

let t: ClusterTarget;
let llm: { id: string };
let inference: { id: string };
let stopped: { id: string };
let hot: { id: string };
let t0: number;
beforeAll(async () => {
  t = await startClusters();
  llm = await t.cluster('llm-pretraining');
  inference = await t.cluster('inference-api');
  stopped = await t.cluster('vision-finetune');
  hot = await t.cluster('rlhf-sweep');
  t0 = await t.now();
});
afterAll(() => t.close());

const get = (path: string, headers?: Record<string, string>) => t.call('GET', path, { headers });
const logs = (id: string, q = '') => get(`/v1/clusters/${id}/logs${q}`);
const search = (id: string, body: unknown) => t.call('POST', `/v1/clusters/${id}/logs/search`, { body });
/** A fixed window in the past, so answers do not move while the clock runs. */
const past = (fromHoursAgo: number, toHoursAgo: number) =>
  `start_time=${iso(t0 - fromHoursAgo * HOUR)}&end_time=${iso(t0 - toHoursAgo * HOUR)}`;

describe('GET /logs', () => {
  it('answers the document’s page: newest first, 100 by default, pagination and query_info', async () => {
    const r = await logs(llm.id);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.cluster_id).toBe(llm.id);
    expect(d.logs).toHaveLength(100);
    const times = d.logs.map((e: Wire) => Date.parse(e.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(d.pagination).toMatchObject({ current_page: 1, has_previous: false, has_next: true });
    expect(d.pagination.total_pages).toBe(Math.ceil(d.pagination.total_count / 100));
    // Without a range: the last hour up to the server's now.
    const end = Date.parse(d.query_info.time_range.end);
    expect(end - Date.parse(d.query_info.time_range.start)).toBe(HOUR);
    expect(d.query_info).toMatchObject({ log_type: null, filters_applied: [], search_terms: [] });
    expect(r.body.meta.log_retention_days).toBe(30);
    expect(r.body.meta.query_time_ms).toBeGreaterThanOrEqual(0);
    for (const e of d.logs) expect(Date.parse(e.timestamp)).toBeLessThanOrEqual(end);
  });

  it('pages with offset and limit over the same order, oldest first with tail=false', async () => {
    const range = past(3, 1);
    const all = (await logs(llm.id, `?${range}&limit=1000`)).body.data;
    const total = all.pagination.total_count;
    expect(total).toBeGreaterThan(400);
    const p2 = (await logs(llm.id, `?${range}&limit=150&offset=150`)).body.data;
    expect(p2.logs.map((e: Wire) => e.id)).toEqual(all.logs.slice(150, 300).map((e: Wire) => e.id));
    expect(p2.pagination).toEqual({
      total_count: total,
      current_page: 2,
      total_pages: Math.ceil(total / 150),
      has_next: true,
      has_previous: true,
    });
    const last = (await logs(llm.id, `?${range}&limit=150&offset=${total - 10}`)).body.data;
    expect(last.logs).toHaveLength(10);
    expect(last.pagination.has_next).toBe(false);
    const half = past(1.5, 1);
    const newest = (await logs(llm.id, `?${half}&limit=1000`)).body.data.logs.map((e: Wire) => e.id);
    const oldest = (await logs(llm.id, `?${half}&limit=1000&tail=false`)).body.data;
    expect(newest.length).toBeLessThan(1000);
    expect(oldest.logs.map((e: Wire) => e.id)).toEqual(newest.slice().reverse());
    expect(Date.parse(oldest.logs[0].timestamp)).toBeGreaterThanOrEqual(t0 - 1.5 * HOUR);
  });

  it('filters by log_type, level, source and search terms, and says so in query_info', async () => {
    const range = past(24, 0);
    const r = await logs(llm.id, `?${range}&log_type=error&level=error&limit=1000`);
    const d = r.body.data;
    expect(d.logs.length).toBeGreaterThan(0);
    for (const e of d.logs) {
      expect([e.log_type, e.level]).toEqual(['error', 'error']);
      expect(e.stack_trace.length).toBeGreaterThan(2);
    }
    // One type asked, one string echoed (the document's query parameter is one value).
    expect(d.query_info.log_type).toBe('error');
    expect(d.query_info.filters_applied).toEqual(['log_type=error', 'level=error']);
    const two = (await logs(llm.id, `?${range}&log_type=gpu,error&limit=1`)).body.data;
    expect(two.query_info.log_type).toBe('gpu,error');
    const gpu = (await logs(llm.id, `?${range}&source=gpu_driver&level=info,warn`)).body.data;
    for (const e of gpu.logs) expect(e.source).toBe('gpu_driver');
    const s = (await logs(llm.id, `?${range}&search=${encodeURIComponent('"Checkpoint saved" step_')}`)).body.data;
    expect(s.query_info.search_terms).toEqual(['Checkpoint saved', 'step_']);
    expect(s.logs.length).toBeGreaterThan(0);
    for (const e of s.logs) expect(e.message).toMatch(/^Checkpoint saved to \/workspace\/checkpoints\/step_\d+ in \d+ s$/);
  });

  it('answers format=text: one line per entry, stack trace lines indented, the total in a header', async () => {
    const range = past(24, 0);
    const json = (await logs(llm.id, `?${range}&level=error&limit=5`)).body.data;
    const r = await logs(llm.id, `?${range}&level=error&limit=5&format=text`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(r.headers.get('x-total-count')).toBe(String(json.pagination.total_count));
    const lines = (r.body as string).split('\n').filter((l) => !l.startsWith('    ') && l !== '');
    expect(lines).toHaveLength(json.logs.length);
    json.logs.forEach((e: Wire, i: number) =>
      expect(lines[i]).toBe(`${e.timestamp} ERROR [${e.source}/${e.log_type}] ${e.process.name}[${e.process.pid}]: ${e.message}`),
    );
    expect((r.body as string).split('\n').filter((l) => l.startsWith('    ')).length).toBe(
      json.logs.reduce((n: number, e: Wire) => n + e.stack_trace.length, 0),
    );
  });

  it('brings new entries as the clock moves', async () => {
    const before = (await logs(inference.id, '?limit=1')).body.data.logs[0];
    const now = await t.advance(600);
    const after = (await logs(inference.id, `?limit=1000&start_time=${before.timestamp}`)).body.data;
    expect(after.logs.length).toBeGreaterThan(20);
    expect(Date.parse(after.logs[0].timestamp)).toBeGreaterThan(Date.parse(before.timestamp) + 5 * MIN);
    expect(Date.parse(after.logs[0].timestamp)).toBeLessThanOrEqual(now + 1000);
    expect(after.logs.map((e: Wire) => e.id)).toContain(before.id);
  });

  it('has no entries for a cluster that is not up and has no run on record', async () => {
    const d = (await logs(stopped.id)).body.data;
    expect(d.logs).toEqual([]);
    expect(d.pagination).toEqual({ total_count: 0, current_page: 1, total_pages: 0, has_next: false, has_previous: false });
  });

  it('refuses what it cannot answer', async () => {
    const cases: Array<[string, string]> = [
      ['?limit=0', 'limit'],
      ['?limit=1001', 'limit'],
      ['?limit=ten', 'limit'],
      ['?offset=-1', 'offset'],
      ['?offset=1000001', 'offset'],
      ['?level=critical', 'level'],
      ['?log_type=kernel', 'log_type'],
      ['?source=gpu', 'source'],
      ['?format=xml', 'format'],
      ['?tail=yes', 'tail'],
      ['?start_time=yesterday', 'start_time'],
      [`?search=${'x'.repeat(201)}`, 'search'],
      ['?bogus=1', 'bogus'],
      [`?start_time=${iso(t0)}&end_time=${iso(t0 - HOUR)}`, 'end_time'],
    ];
    for (const [q, field] of cases) {
      const r = await logs(llm.id, q);
      expect(errorOf(r), q).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(r.body.error.details.field, q).toMatch(new RegExp(`^${field}(\\.|$)`));
    }
    expect(errorOf(await logs('cluster_nope'))).toMatchObject({ status: 404, code: 'CLUSTER_NOT_FOUND' });
    expect(errorOf(await logs('not-a-cluster'))).toMatchObject({ status: 404, code: 'CLUSTER_NOT_FOUND' });
    expect((await t.call('GET', `/v1/clusters/${llm.id}/logs`, { key: null })).status).toBe(401);
  });

  it('is read with a read-only key', async () => {
    expect((await t.call('GET', `/v1/clusters/${llm.id}/logs?limit=1`, { key: t.keys.readOnly })).status).toBe(200);
  });
});

describe('what happens writes the logs', () => {
  it('a GPU above 85 °C writes a gpu_driver warning with its gpu_id, at a minute the metrics show it', async () => {
    const r = await search(hot.id, { query: 'source:gpu_driver AND level:warn AND tag:thermal', limit: 20 });
    expect(r.status).toBe(200);
    const found = r.body.data.results;
    expect(found.length).toBeGreaterThan(0);
    for (const e of found.slice(0, 5)) {
      const at = Date.parse(e.timestamp);
      expect(at % MIN).toBe(0);
      const h = await get(
        `/v1/clusters/${hot.id}/metrics/historical?interval=1m&gpu_id=${e.metadata.gpu_id}&start_time=${iso(at)}&end_time=${iso(at + MIN)}`,
      );
      const temp = h.body.data.data_points[0].gpu.temperature[e.metadata.gpu_id];
      expect(temp).toBeGreaterThan(85);
      expect(e.message).toContain(`${e.metadata.gpu_id} temperature ${temp.toFixed(1)} °C`);
    }
  });

  it('a stop writes its phases at their times, then nothing', async () => {
    const c = (await t.call('POST', `/v1/clusters/${llm.id}/stop`, { body: { grace_period_minutes: 2 } })).body.data;
    expect(c.status).toBe('stopping');
    await t.advance(3600);
    const d = (await logs(llm.id, '?limit=1000&start_time=' + iso(t0 - HOUR))).body.data;
    const phases = d.logs.filter((e: Wire) => /^Stop phase/.test(e.message)).reverse();
    expect(phases.map((e: Wire) => e.message.split(':')[0])).toEqual([
      'Stop phase notifying_processes',
      'Stop phase waiting_for_graceful_exit',
      'Stop phase terminating_resources',
      'Stop phase cleaning_up',
      'Stop phase completed',
    ]);
    // The newest entry is the completion; the phase steps match the stop's plan on the cluster.
    expect(d.logs[0].message).toBe('Stop phase completed: Cluster stopped');
    expect(Date.parse(phases[1].timestamp) - Date.parse(phases[0].timestamp)).toBeGreaterThanOrEqual(10_000);
    expect(Date.parse(phases[2].timestamp) - Date.parse(phases[1].timestamp)).toBe(2 * MIN);
    const total = d.pagination.total_count;
    await t.advance(3600);
    const later = (await logs(llm.id, '?limit=1&start_time=' + iso(t0 - HOUR))).body.data;
    expect(later.pagination.total_count).toBe(total);
    expect(later.logs[0].id).toBe(d.logs[0].id);
  });
});

describe('POST /logs/search', () => {
  it('matches a boolean query over a range, newest first by default, with totals', async () => {
    const range = { start: iso(t0 - 24 * HOUR), end: iso(t0) };
    const r = await search(inference.id, { query: '(level:error OR level:warn) AND NOT "queue full"', time_range: range, limit: 50 });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ cluster_id: inference.id, sort: 'timestamp:desc', time_range: range });
    expect(d.returned).toBe(d.results.length);
    expect(d.total_matches).toBeGreaterThanOrEqual(d.returned);
    for (const e of d.results) {
      expect(['error', 'warn']).toContain(e.level);
      expect(e.message).not.toContain('queue full');
    }
    expect(r.body.meta.entries_scanned).toBeGreaterThan(d.total_matches);
    const times = d.results.map((e: Wire) => Date.parse(e.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const asc = (await search(inference.id, { query: 'level:error OR level:warn', time_range: range, sort: 'timestamp:asc', limit: 5 }))
      .body.data;
    const ascTimes = asc.results.map((e: Wire) => Date.parse(e.timestamp));
    expect([...ascTimes].sort((a, b) => a - b)).toEqual(ascTimes);
    const byLevel = (await search(inference.id, { query: 'level:error OR level:warn', time_range: range, sort: 'level:desc', limit: 1000 }))
      .body.data;
    const levels = byLevel.results.map((e: Wire) => e.level);
    expect(levels.indexOf('warn')).toBeGreaterThan(levels.lastIndexOf('error'));
  });

  it('a search of three days (tested on hour indexes) answers what its three one-day pieces answer, in every sort', async () => {
    // Minutes off the hour, so both edge hours are cut.
    const end = Math.floor(t0 / HOUR) * HOUR - 7 * MIN;
    const day = 24 * HOUR;
    const pieces = [end - 3 * day, end - 2 * day, end - day].map((from) => ({ start: iso(from), end: iso(from + day) }));
    for (const query of ['"grad_norm 1.0" OR gpu:2', 'level:info AND NOT step']) {
      const whole = async (sort: string, limit: number) =>
        (await search(llm.id, { query, time_range: { start: iso(end - 3 * day), end: iso(end) }, sort, limit })).body.data;
      const parts = await Promise.all(
        pieces.map(async (time_range) => (await search(llm.id, { query, time_range, limit: 1000 })).body.data),
      );
      const total = parts.reduce((s: number, p: Wire) => s + p.total_matches, 0);
      expect(total).toBeGreaterThan(1000);
      const desc = await whole('timestamp:desc', 1000);
      expect(desc.total_matches).toBe(total);
      // Newest first: the last day's, then the day before's…
      const ids = (rs: Wire[]) => rs.map((e: Wire) => e.id);
      expect(ids(desc.results)).toEqual(ids([...parts[2].results, ...parts[1].results, ...parts[0].results]).slice(0, 1000));
      const asc = await whole('timestamp:asc', 1000);
      const ascParts = await Promise.all(
        pieces.map(
          async (time_range) => (await search(llm.id, { query, time_range, sort: 'timestamp:asc', limit: 1000 })).body.data.results,
        ),
      );
      expect(ids(asc.results)).toEqual(ids(ascParts.flat()).slice(0, 1000));
      // By severity, newest first within a level: the same as merging the pieces' own level orders.
      const byLevel = await whole('level:desc', 300);
      const pieceLevels = await Promise.all(
        pieces.map(async (time_range) => (await search(llm.id, { query, time_range, sort: 'level:desc', limit: 300 })).body.data.results),
      );
      const rank = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4 } as Record<string, number>;
      const merged = pieceLevels
        .flat()
        .sort(
          (a: Wire, b: Wire) =>
            rank[a.level]! - rank[b.level]! || Date.parse(b.timestamp) - Date.parse(a.timestamp) || (a.id < b.id ? 1 : -1),
        )
        .slice(0, 300);
      expect(ids(byLevel.results)).toEqual(ids(merged));
    }
  });

  it('answers a query it cannot read with the position of the problem', async () => {
    const r = await search(llm.id, { query: 'level:error AND (gpu:1 OR' });
    expect(errorOf(r)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(r.body.error.details).toMatchObject({ field: 'query', position: 25 });
    const bad = await search(llm.id, { query: 'level:loud' });
    expect(bad.body.error.details).toMatchObject({ field: 'query', position: 6, near: 'loud' });
    const cases: Array<[unknown, string]> = [
      [{}, 'query'],
      [{ query: '' }, 'query'],
      [{ query: 'x'.repeat(1001) }, 'query'],
      [{ query: 'x', limit: 0 }, 'limit'],
      [{ query: 'x', limit: 1001 }, 'limit'],
      [{ query: 'x', sort: 'message:asc' }, 'sort'],
      [{ query: 'x', time_range: { start: 'soon' } }, 'time_range.start'],
      [{ query: 'x', time_range: { start: iso(t0), end: iso(t0 - 1) } }, 'end_time'],
      [{ query: 'x', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const e = await search(llm.id, body);
      expect(errorOf(e), JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(e.body.error.details.field).toBe(field);
    }
    expect(errorOf(await search('cluster_nope', { query: 'x' }))).toMatchObject({ status: 404, code: 'CLUSTER_NOT_FOUND' });
    // A search reads: a read-only key may search.
    expect(
      (await t.call('POST', `/v1/clusters/${llm.id}/logs/search`, { body: { query: 'level:error' }, key: t.keys.readOnly })).status,
    ).toBe(200);
  });
});

describe('POST /logs/search by id over a month', () => {
  it('answers 32 id: terms with the entries each id finds alone, reading only the minutes they name', async () => {
    // Its own emulator: llm-pretraining made to run for the whole retention (as the bench does).
    const m = await startClusters();
    try {
      const snap = (await m.call('GET', '/_emulator/snapshot')).body;
      const now = snap.clock.now as number;
      const c = snap.state.areas.clusters.clusters.find((x: Wire) => x.name === 'llm-pretraining');
      c.started_at = now - 31 * DAY;
      c.billing_started_at = c.started_at;
      c.created_at = Math.min(c.created_at, c.started_at);
      expect((await m.call('POST', '/_emulator/snapshot', { body: snap })).status).toBe(200);
      const base = `/v1/clusters/${c.id}/logs`;
      const month = { start: iso(now - 30 * DAY), end: iso(now) };
      // An entry from each of 32 stretches of the month (the shortest id, so 32 fit the query's 1,000 characters).
      const named: string[] = [];
      for (let i = 0; i < 32; i++) {
        const from = now - 30 * DAY + HOUR + i * 22 * HOUR;
        const page = (await m.call('GET', `${base}?start_time=${iso(from)}&end_time=${iso(from + HOUR)}&limit=50&tail=false`)).body.data
          .logs;
        named.push(page.map((e: Wire) => e.id as string).sort((a: string, b: string) => a.length - b.length || (a < b ? -1 : 1))[0]);
      }
      // And values that name no entry: another tag at a named millisecond, a leading zero, no id at all.
      const none = [named[5]!.replace(/_[^_]+$/, '_zz'), named[6]!.replace('log_', 'log_0'), 'nope'];
      const query = [...named, ...none].map((id) => `id:${id}`).join(' OR ');
      expect(query.length).toBeLessThanOrEqual(1000);

      const all = await m.call('POST', `${base}/search`, { body: { query, time_range: month, sort: 'timestamp:asc', limit: 1000 } });
      expect(all.body.data.total_matches).toBe(32);
      // What it tested: the entries of the minutes the ids name, not the month's million.
      const minutes = [...new Set(all.body.data.results.map((e: Wire) => Math.floor(Date.parse(e.timestamp) / MIN) * MIN))] as number[];
      let inMinutes = 0;
      for (const t of minutes)
        inMinutes += (await m.call('GET', `${base}?start_time=${iso(t)}&end_time=${iso(t + MIN - 1)}&limit=1`)).body.data.pagination
          .total_count;
      expect(all.body.meta.entries_scanned).toBe(inMinutes);

      // The same entries as each id searched alone.
      const alone: Wire[] = [];
      for (const id of [...named, ...none]) {
        const r = await m.call('POST', `${base}/search`, { body: { query: `id:${id}`, time_range: month } });
        expect(r.status).toBe(200);
        expect(r.body.data.results.map((e: Wire) => e.id)).toEqual(named.includes(id) ? [id] : []);
        alone.push(...r.body.data.results);
      }
      alone.sort((a: Wire, b: Wire) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || (a.id < b.id ? -1 : 1));
      expect(all.body.data.results).toEqual(alone);
      const desc = await m.call('POST', `${base}/search`, { body: { query, time_range: month, limit: 10 } });
      expect(desc.body.data.results).toEqual([...alone].reverse().slice(0, 10));
      // An AND with an id narrows to it as well.
      const and = await m.call('POST', `${base}/search`, { body: { query: `id:${named[9]} AND NOT level:fatal`, time_range: month } });
      expect(and.body.data.results).toEqual(alone.filter((e: Wire) => e.id === named[9]));
    } finally {
      await m.close();
    }
  });
});

describe('GET /logs/download', () => {
  it('gives a file of the range in json, text and gzip, the gzip decompressing to the same entries', async () => {
    const q = `start_time=${iso(t0 - 2 * HOUR)}&end_time=${iso(t0 - HOUR)}`;
    const json = await get(`/v1/clusters/${inference.id}/logs/download?${q}`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/^attachment; filename="inference-api-logs-\d{8}T\d{6}Z-\d{8}T\d{6}Z\.json"$/);
    const entries = json.body as Wire[];
    expect(entries.length).toBeGreaterThan(100);
    for (const e of entries.slice(0, 50)) expect(LogEntry.safeParse(e).success).toBe(true);
    expect(json.headers.get('x-total-count')).toBe(String(entries.length));
    // The same entries as the page read of that range, oldest first.
    const page = (await logs(inference.id, `?${q}&limit=1000&tail=false`)).body.data.logs;
    expect(entries.slice(0, page.length).map((e) => e.id)).toEqual(page.map((e: Wire) => e.id));

    const res = await fetch(`${t.url}/v1/clusters/${inference.id}/logs/download?${q}&compression=gzip`, {
      headers: { authorization: `Bearer ${OWNER}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(/\.json\.gz"$/);
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(entries);

    const text = await get(`/v1/clusters/${inference.id}/logs/download?${q}&format=text`);
    expect(text.headers.get('content-disposition')).toMatch(/\.log"$/);
    expect((text.body as string).split('\n').filter((l) => /^\d{4}-/.test(l))).toHaveLength(entries.length);
    const gzText = await fetch(`${t.url}/v1/clusters/${inference.id}/logs/download?${q}&format=text&compression=gzip`, {
      headers: { authorization: `Bearer ${OWNER}` },
    });
    expect(gunzipSync(Buffer.from(await gzText.arrayBuffer())).toString('utf8')).toBe(text.body);
  });

  it('refuses a range over 24 hours and bad parameters', async () => {
    const r = await get(`/v1/clusters/${inference.id}/logs/download?start_time=${iso(t0 - 25 * HOUR)}&end_time=${iso(t0)}`);
    expect(errorOf(r)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'start_time', max_range_hours: 24 } });
    for (const q of ['format=csv', 'compression=zip', 'start_time=x'])
      expect(errorOf(await get(`/v1/clusters/${inference.id}/logs/download?${q}`))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    expect(errorOf(await get(`/v1/clusters/cluster_nope/logs/download`))).toMatchObject({ status: 404, code: 'CLUSTER_NOT_FOUND' });
  });
});

const events = (frames: Frame[]) => frames.filter((f) => f.event === 'log');
const stopsSoon = async () => {
  for (let i = 0; i < 500 && openLogStreams.count > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return openLogStreams.count;
};

describe('GET /logs/stream', () => {
  const open = (id: string, q: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/v1/clusters/${id}/logs/stream${q}`, { headers: { authorization: `Bearer ${OWNER}`, ...headers } });

  it('sends the last `limit` entries as SSE frames, then new ones as the clock moves, then stops when the client leaves', async () => {
    const res = await open(inference.id, '?limit=5&level=info');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const s = sseReader(res);
    const first = await s.readUntil((f) => events(f).length >= 5);
    expect(first[0]).toMatchObject({ retry: '3000' });
    const backlog = events(first).slice(0, 5);
    for (const f of backlog) {
      const e = JSON.parse(f.data!);
      expect(LogEntry.safeParse(e).success).toBe(true);
      expect(f.id).toBe(e.id);
      expect(e.level).toBe('info');
    }
    // The same five as the newest page, oldest first.
    const page = (await logs(inference.id, `?limit=5&level=info&end_time=${JSON.parse(backlog[4]!.data!).timestamp}`)).body.data.logs;
    expect(backlog.map((f) => f.id)).toEqual(page.map((e: Wire) => e.id).reverse());
    expect(openLogStreams.count).toBe(1);
    await t.advance(300);
    const more = await s.readUntil((f) => events(f).length >= 30);
    const times = events(more).map((f) => Date.parse(JSON.parse(f.data!).timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    await s.cancel();
    expect(await stopsSoon()).toBe(0);
  });

  it('resumes exactly after Last-Event-ID', async () => {
    const range = `?start_time=${iso(t0 - 2 * HOUR)}&end_time=${iso(t0 - HOUR)}`;
    const page = (await logs(llm.id, `${range}&limit=40&tail=false`)).body.data.logs.map((e: Wire) => e.id);
    const a = sseReader(await open(llm.id, range));
    const got = events(await a.readUntil((f) => events(f).length >= 20)).map((f) => f.id);
    expect(got.slice(0, 20)).toEqual(page.slice(0, 20));
    await a.cancel();
    const b = sseReader(await open(llm.id, range, { 'last-event-id': page[19] }));
    const resumed = events(await b.readUntil((f) => events(f).length >= 20)).map((f) => f.id);
    expect(resumed.slice(0, 20)).toEqual(page.slice(20, 40));
    // A stream with an end_time ends after it with an `end` event.
    const ended = await b.readUntil((f) => f.some((x) => x.event === 'end'));
    expect(JSON.parse(ended.find((x) => x.event === 'end')!.data!)).toEqual({ reason: 'end_time' });
    expect(await stopsSoon()).toBe(0);
  });

  it('sends heartbeat comments while nothing is written', async () => {
    const s = sseReader(await open(stopped.id, '?heartbeat_seconds=1'));
    const frames = await s.readUntil((f) => f.filter((x) => x.comment?.startsWith('heartbeat')).length >= 2);
    expect(events(frames)).toEqual([]);
    expect(frames.filter((x) => x.comment?.startsWith('heartbeat'))[0]!.comment).toMatch(/^heartbeat \d{4}-\d\d-\d\dT/);
    await s.cancel();
    expect(await stopsSoon()).toBe(0);
  });

  it('refuses a bad Last-Event-ID, bad filters and unknown clusters before streaming', async () => {
    const bad = await t.call('GET', `/v1/clusters/${llm.id}/logs/stream`, { headers: { 'last-event-id': 'evt-1' } });
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'Last-Event-ID' } });
    for (const q of ['?level=loud', '?heartbeat_seconds=0', '?heartbeat_seconds=61', '?limit=0'])
      expect(errorOf(await t.call('GET', `/v1/clusters/${llm.id}/logs/stream${q}`))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    expect(errorOf(await t.call('GET', `/v1/clusters/cluster_nope/logs/stream`))).toMatchObject({ status: 404, code: 'CLUSTER_NOT_FOUND' });
    expect((await t.call('GET', `/v1/clusters/${llm.id}/logs/stream`, { key: null })).status).toBe(401);
    expect(await stopsSoon()).toBe(0);
  });
});

describe('the event stream in-process (fastify inject)', () => {
  it('streams through emulator.fetch, and cancelling it stops the server side', async () => {
    const e = createEmulator({ seed: 42, ownerKey: OWNER });
    try {
      const list = await (
        await e.fetch(new Request('http://emulator.local/v1/clusters', { headers: { authorization: `Bearer ${OWNER}` } }))
      ).json();
      const id = list.data.clusters.find((c: Wire) => c.name === 'inference-api').id;
      const res = await e.fetch(
        new Request(`http://emulator.local/v1/clusters/${id}/logs/stream?limit=3`, { headers: { authorization: `Bearer ${OWNER}` } }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const s = sseReader(res);
      await s.readUntil((f) => events(f).length >= 3);
      expect(openLogStreams.count).toBe(1);
      await e.fetch(
        new Request('http://emulator.local/_emulator/clock/advance', {
          method: 'POST',
          headers: { authorization: `Bearer ${OWNER}`, 'content-type': 'application/json' },
          body: JSON.stringify({ seconds: 120 }),
        }),
      );
      await s.readUntil((f) => events(f).length >= 6);
      await s.cancel();
      expect(await stopsSoon()).toBe(0);
    } finally {
      await e.close();
    }
  });

  it('ends open streams when the emulator closes', async () => {
    const e = createEmulator({ seed: 42, ownerKey: OWNER });
    const list = await (
      await e.fetch(new Request('http://emulator.local/v1/clusters', { headers: { authorization: `Bearer ${OWNER}` } }))
    ).json();
    const id = list.data.clusters.find((c: Wire) => c.name === 'inference-api').id;
    const res = await e.fetch(
      new Request(`http://emulator.local/v1/clusters/${id}/logs/stream?limit=1`, { headers: { authorization: `Bearer ${OWNER}` } }),
    );
    expect(openLogStreams.count).toBe(1);
    await e.close();
    expect(openLogStreams.count).toBe(0);
    await res.body!.cancel();
  });
});
