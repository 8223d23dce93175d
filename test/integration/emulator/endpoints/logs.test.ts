// Endpoint logs (03-endpoints-training.md, Endpoint logs; Endpoint log entry; Errors; Limits):
// GET in JSON, text and CSV, the time-range and size rules, logs:read, search (RE2 patterns,
// case flag, levels, sources, metadata $gt/$regex, sort, limit) and aggregate; the Server-Sent
// Events stream (framing, backlog, new entries as the clock moves, Last-Event-ID resume,
// heartbeats, the server stopping when the client leaves, in-process too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../../main/emulator';
import { openEndpointLogStreams } from '../../../../main/emulator/areas/endpoints/logs/stream';
import { EndpointLogEntry } from '../../../../shared/api/endpoints/logs';
import { OWNER } from '../harness';
import { START, errorOf, startEndpoints, type EndpointTarget } from './harness';
import { sseReader, type Frame } from '../sse-reader';

let t: EndpointTarget;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startEndpoints();
  for (const e of (await t.call('GET', '/v2/endpoints')).body.endpoints) ids[e.name] = e.id;
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const logs = (name: string, query = '', headers: Record<string, string> = {}, key?: string) =>
  t.call('GET', `/v2/endpoints/${ids[name]}/logs${query}`, { headers, key });

describe('GET endpoint logs', () => {
  it('answers the last hour at info and above, oldest first, in pages', async () => {
    const r = await logs('llama3-70b-chat', '?limit=50');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      endpointId: ids['llama3-70b-chat'],
      pagination: { limit: 50, offset: 0, hasMore: true, nextOffset: 50 },
    });
    expect(Date.parse(r.body.endTime) - Date.parse(r.body.startTime)).toBe(HOUR);
    expect(r.body.logs).toHaveLength(50);
    const times = r.body.logs.map((l: { timestamp: string }) => Date.parse(l.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(r.body.logs.some((l: { level: string }) => l.level === 'debug')).toBe(false);
    const request = r.body.logs.find((l: { source: string }) => l.source === 'model_inference');
    expect(request.jobId).toMatch(/^job_/);
    expect(request.requestId).toMatch(/^req_/);
    expect(request.duration).toBeGreaterThan(0);
    expect(request.memoryUsage).toMatch(/GB$/);
    expect(r.body.summary.logLevels.debug).toBe(0);
    expect(r.body.totalLogs).toBeGreaterThan(r.body.filteredLogs);

    const next = await logs('llama3-70b-chat', '?limit=50&offset=50');
    expect(next.body.logs[0]).not.toEqual(r.body.logs[0]);
    const debug = await logs('llama3-70b-chat', '?level=debug&limit=10000');
    expect(debug.body.filteredLogs).toBe(r.body.totalLogs);
    expect(debug.body.summary.sources.cache_manager).toBeGreaterThan(0);
  });

  it('filters by job and by a regular expression over the message; a bad pattern is a 400', async () => {
    const page = await logs('bge-embeddings', '?limit=100');
    const job = page.body.logs.find((l: { jobId: string | null }) => l.jobId !== null).jobId;
    const one = await logs('bge-embeddings', `?jobId=${job}`);
    expect(one.body.logs.map((l: { jobId: string }) => l.jobId)).toEqual([job]);
    const timedOut = await logs('bge-embeddings', `?search=${encodeURIComponent('timed out after \\d+ ms')}&limit=10000`);
    expect(timedOut.body.filteredLogs).toBeGreaterThan(0);
    for (const l of timedOut.body.logs) expect(l.message).toMatch(/timed out after \d+ ms/);
    expect(timedOut.body.summary.commonErrors[0]).toMatchObject({ error: 'object_store read timed out after 5000 ms' });
    const bad = await logs('bge-embeddings', `?search=${encodeURIComponent('(unclosed')}`);
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'search' } });
  });

  it('writes text lines in the document’s format and CSV for Accept: text/csv', async () => {
    const text = await logs('llama3-70b-chat', '?format=text&limit=5');
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (text.body as string).trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    for (const line of lines)
      expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z \[(DEBUG|INFO|WARN|ERROR|FATAL)\] [a-z_]+: .+ \((job_[0-9a-z]+|-)\)$/);
    const csv = await logs('bge-embeddings', '?level=error&limit=3', { accept: 'text/csv' });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (csv.body as string).trimEnd().split('\r\n');
    expect(rows[0]).toBe('timestamp,level,source,message,jobId,requestId,duration,memoryUsage,gpuUtilization,metadata');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^[^,]+,error,/);
    expect(rows[1]).toContain('"{""workerId""');
    expect((await logs('bge-embeddings', '?format=csv&limit=1')).headers.get('content-type')).toMatch(/^text\/csv/);
  });

  it('refuses a start after the end and a range over 24 h with INVALID_TIME_RANGE', async () => {
    const now = START.getTime();
    const after = await logs('llama3-70b-chat', `?startTime=${at(now - HOUR)}&endTime=${at(now - 2 * HOUR)}`);
    expect(errorOf(after)).toMatchObject({
      status: 400,
      code: 'INVALID_TIME_RANGE',
      details: { startTime: at(now - HOUR), endTime: at(now - 2 * HOUR), maxTimeRange: '24h' },
    });
    const long = await logs('llama3-70b-chat', `?startTime=${at(now - 25 * HOUR)}&endTime=${at(now)}`);
    expect(errorOf(long)).toMatchObject({ status: 400, code: 'INVALID_TIME_RANGE', details: { maxTimeRange: '24h' } });
    expect((await logs('llama3-70b-chat', `?startTime=${at(now - 24 * HOUR)}&endTime=${at(now)}&limit=1`)).status).toBe(200);
  });

  it('answers TOO_MANY_LOGS when the range holds more than 10,000 matches and no limit narrows it', async () => {
    const range = `?startTime=${at(START.getTime() - 24 * HOUR)}&endTime=${at(START.getTime())}&level=debug`;
    const r = await logs('bge-embeddings', range);
    expect(errorOf(r)).toMatchObject({ status: 413, code: 'TOO_MANY_LOGS', details: { maxAllowed: 10000 } });
    expect(r.body.details.requestedCount).toBeGreaterThan(10000);
    const page = await logs('bge-embeddings', `${range}&limit=10`);
    expect(page.body.filteredLogs).toBe(r.body.details.requestedCount);
    expect(page.body.logs).toHaveLength(10);
  });

  it('needs logs:read — read on the endpoints scope — and says what the key holds', async () => {
    const r = await logs('llama3-70b-chat', '', {}, t.keys.execute);
    expect(errorOf(r)).toMatchObject({
      status: 403,
      code: 'INSUFFICIENT_PERMISSIONS',
      details: { requiredPermission: 'logs:read', currentPermissions: ['endpoints:execute'] },
    });
    const search = await t.call('POST', '/v2/endpoints/logs/search', {
      key: t.keys.execute,
      body: { endpointIds: [ids['llama3-70b-chat']] },
    });
    expect(errorOf(search).details.requiredPermission).toBe('logs:read');
    expect((await logs('llama3-70b-chat', '?limit=1', {}, t.keys.readOnly)).status).toBe(200);
  });

  it('writes what happens: startup phases, a failed model, and auto_scaler lines for a configuration update', async () => {
    const starting = await logs('mistral-7b-instruct');
    expect(starting.body.logs.map((l: { message: string }) => l.message)).toContain('Startup phase container_startup started');
    const failed = await logs('vit-classifier', '?level=error');
    expect(
      failed.body.logs.every((l: { source: string; stackTrace?: string[] }) => l.source === 'model_loader' && l.stackTrace!.length > 0),
    ).toBe(true);

    const put = await t.call('PUT', `/v2/endpoints/${ids['sdxl-image-gen']}`, { body: { workerCount: 4 } });
    expect(put.status).toBe(200);
    await t.advance(120);
    const scaler = await logs('sdxl-image-gen', '?limit=10000');
    const lines = scaler.body.logs.filter((l: { source: string }) => l.source === 'auto_scaler').map((l: { message: string }) => l.message);
    expect(lines[0]).toBe('Configuration update started: workerCount: 3 → 4');
    expect(lines.filter((m: string) => m.endsWith('restarted with the new configuration'))).toHaveLength(4);
    expect(lines.at(-1)).toBe('Configuration update complete');
  });
});

describe('search and aggregate', () => {
  const day = { start: at(START.getTime() - 24 * HOUR), end: at(START.getTime()) };

  it('searches several endpoints by pattern (case flag), levels, sources and metadata, sorted and limited', async () => {
    const body = (over: object) => ({ endpointIds: [ids['bge-embeddings'], ids['llama3-70b-chat']], ...over });
    const insensitive = await t.call('POST', '/v2/endpoints/logs/search', {
      body: body({ filters: { search: { query: 'TIMED OUT' } }, limit: 10000 }),
    });
    expect(insensitive.status).toBe(200);
    expect(insensitive.body.total).toBeGreaterThan(0);
    const sensitive = await t.call('POST', '/v2/endpoints/logs/search', {
      body: body({ filters: { search: { query: 'TIMED OUT', caseSensitive: true } } }),
    });
    expect(sensitive.body.total).toBe(0);

    const r = await t.call('POST', '/v2/endpoints/logs/search', {
      body: body({
        filters: {
          levels: ['error'],
          sources: ['api_handler', 'storage_uploader'],
          metadata: { inputTokens: { $gt: 1000 }, workerId: { $regex: '^worker_[01]$' } },
        },
        sort: { field: 'duration', order: 'desc' },
        limit: 5,
      }),
    });
    expect(r.status).toBe(200);
    expect(r.body.returned).toBe(5);
    expect(r.body.total).toBeGreaterThan(5);
    const durations = r.body.logs.map((l: { duration: number }) => l.duration);
    expect([...durations].sort((a, b) => b - a)).toEqual(durations);
    for (const l of r.body.logs) {
      expect(l.level).toBe('error');
      expect(['api_handler', 'storage_uploader']).toContain(l.source);
      expect(l.metadata.inputTokens).toBeGreaterThan(1000);
      expect(l.metadata.workerId).toMatch(/^worker_[01]$/);
      expect(l.endpointId).toBe(ids['bge-embeddings']);
    }
    const bad = await t.call('POST', '/v2/endpoints/logs/search', {
      body: body({ filters: { metadata: { workerId: { $regex: '(?<=x)' } } } }),
    });
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'filters.metadata.workerId.$regex' } });
  });

  it('answers a catastrophic pattern over a day of every endpoint (more than 100,000 lines) with its results', async () => {
    const all = Object.values(ids);
    const count = await t.call('POST', '/v2/endpoints/logs/aggregate', {
      body: { endpointIds: all, timeRange: day, aggregations: [{ name: 'all', metrics: ['count'] }] },
    });
    expect(count.body.aggregations.all[0].count).toBeGreaterThan(100_000);
    const r = await t.call('POST', '/v2/endpoints/logs/search', {
      body: { endpointIds: all, filters: { timeRange: day, search: { query: '(a+)+$|(x+x+)+y|(.*a){20}' } } },
    });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(0);
    const tooLong = await t.call('POST', '/v2/endpoints/logs/search', {
      body: { endpointIds: all, filters: { timeRange: { start: day.start, end: at(START.getTime() + HOUR) } } },
    });
    expect(tooLong.status).toBe(400);
  });

  it('aggregates by level, hour and source with count, unique jobs, average and p95 duration', async () => {
    const start = START.getTime() - 3 * HOUR;
    const timeRange = { start: at(start), end: at(START.getTime()) };
    const r = await t.call('POST', '/v2/endpoints/logs/aggregate', {
      body: {
        endpointIds: [ids['llama3-70b-chat']],
        timeRange,
        aggregations: [
          { name: 'byLevel', groupBy: ['level'], metrics: ['count', 'unique_jobs', 'avg_duration', 'p95_duration'] },
          { name: 'errorsByHour', groupBy: ['hour', 'source'], filters: { levels: ['error', 'fatal'] }, metrics: ['count'] },
          { name: 'total', metrics: ['count'] },
        ],
      },
    });
    expect(r.status).toBe(200);
    const byLevel = r.body.aggregations.byLevel;
    expect(byLevel.map((x: { level: string }) => x.level)).toEqual(
      ['debug', 'info', 'error'].filter((l) => byLevel.some((x: { level: string }) => x.level === l)),
    );
    const info = byLevel.find((x: { level: string }) => x.level === 'info');
    expect(info.unique_jobs).toBeLessThanOrEqual(info.count);
    expect(info.p95_duration).toBeGreaterThanOrEqual(info.avg_duration);
    // The groups add up to the whole range, as GET counts it.
    const total = r.body.aggregations.total[0].count;
    expect(byLevel.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(total);
    const get = await logs('llama3-70b-chat', `?startTime=${timeRange.start}&endTime=${timeRange.end}&level=debug&limit=1`);
    expect(get.body.filteredLogs).toBe(total);
    for (const row of r.body.aggregations.errorsByHour) {
      expect(Date.parse(row.hour) % HOUR).toBe(0);
      expect(Date.parse(row.hour)).toBeGreaterThanOrEqual(start);
    }
    expect(
      errorOf(
        await t.call('POST', '/v2/endpoints/logs/aggregate', {
          body: {
            endpointIds: [ids['llama3-70b-chat']],
            timeRange: { start: timeRange.end, end: timeRange.start },
            aggregations: [{ name: 'x', metrics: ['count'] }],
          },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'INVALID_TIME_RANGE' });
  });
});

/** Entry frames: unnamed events (EventSource's `message`), as the document frames them. */
const entries = (frames: Frame[]) => frames.filter((f) => f.data !== undefined && f.event === undefined);
const dataOf = (frames: Frame[]) => entries(frames).map((f) => JSON.parse(f.data!));
const place = (id: string) => id.split('-').map(Number) as [number, number];
const stopsSoon = async () => {
  for (let i = 0; i < 500 && openEndpointLogStreams.count > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return openEndpointLogStreams.count;
};

describe('GET endpoint logs as Server-Sent Events', () => {
  const open = (name: string, q: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/v2/endpoints/${ids[name]}/logs${q}`, { headers: { authorization: `Bearer ${OWNER}`, ...headers } });

  it('sends the newest `limit` entries as frames, then new ones as the clock moves, then stops when the client leaves', async () => {
    const res = await open('llama3-70b-chat', '?limit=5', { accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const s = sseReader(res);
    const first = await s.readUntil((f) => entries(f).length >= 5);
    expect(first[0]).toMatchObject({ retry: '3000', comment: `logs of ${ids['llama3-70b-chat']}` });
    const backlog = entries(first).slice(0, 5);
    for (const f of backlog) {
      expect(f.id).toMatch(/^\d+-\d+$/);
      const e = JSON.parse(f.data!);
      expect(EndpointLogEntry.safeParse(e).success).toBe(true);
      expect(place(f.id!)[0]).toBe(Date.parse(e.timestamp));
      expect(e.level).not.toBe('debug');
    }
    // The same five as the newest of the page, oldest first.
    const last = JSON.parse(backlog[4]!.data!).timestamp;
    const page = (await logs('llama3-70b-chat', `?limit=10000&endTime=${last}`)).body.logs;
    expect(backlog.map((f) => JSON.parse(f.data!))).toEqual(page.slice(-5));
    expect(openEndpointLogStreams.count).toBe(1);
    await t.advance(300);
    const more = await s.readUntil((f) => entries(f).length >= 60);
    const places = entries(more).map((f) => place(f.id!));
    expect([...places].sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual(places);
    expect(new Set(places.map((p) => p.join('-'))).size).toBe(places.length);
    expect(places.at(-1)![0]).toBeGreaterThan(Date.parse(last) + 60_000);
    await s.cancel();
    expect(await stopsSoon()).toBe(0);
  });

  it('streams a range from startTime as the page reads it, resumes exactly after Last-Event-ID, and ends after endTime', async () => {
    const now = Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
    const range = `?startTime=${at(now - 2 * HOUR)}&endTime=${at(now - HOUR)}&source=model_inference,api_handler`;
    const page = (await logs('bge-embeddings', `${range}&limit=10000`)).body.logs;
    expect(page.length).toBeGreaterThan(40);
    expect(new Set(page.map((l: { source: string }) => l.source))).toEqual(new Set(['model_inference', 'api_handler']));
    const a = sseReader(await open('bge-embeddings', `${range}&stream=true`));
    const got = await a.readUntil((f) => entries(f).length >= 20);
    expect(dataOf(got).slice(0, 20)).toEqual(page.slice(0, 20));
    const twentieth = entries(got)[19]!.id!;
    await a.cancel();
    const b = sseReader(await open('bge-embeddings', `${range}&stream=true`, { 'last-event-id': twentieth }));
    const ended = await b.readUntil((f) => f.some((x) => x.event === 'end'));
    expect(dataOf(ended)).toEqual(page.slice(20));
    expect(JSON.parse(ended.find((x) => x.event === 'end')!.data!)).toEqual({ reason: 'end_time' });
    expect(await stopsSoon()).toBe(0);
  });

  it('brings what happens as it happens: a configuration update’s auto_scaler lines, filtered by source', async () => {
    const s = sseReader(await open('whisper-transcribe', '?stream=true&source=auto_scaler'));
    await s.readUntil((f) => f.length >= 1);
    const workers = (await t.call('GET', `/v2/endpoints/${ids['whisper-transcribe']}`)).body.configuration.workerCount;
    expect((await t.call('PUT', `/v2/endpoints/${ids['whisper-transcribe']}`, { body: { workerCount: workers + 1 } })).status).toBe(200);
    await t.advance(120);
    const frames = await s.readUntil((f) => dataOf(f).some((e) => e.message === 'Configuration update complete'));
    const lines = dataOf(frames);
    expect(new Set(lines.map((e) => e.source))).toEqual(new Set(['auto_scaler']));
    expect(lines.map((e) => e.message).filter((m) => m.startsWith('Configuration update'))).toEqual([
      `Configuration update started: workerCount: ${workers} → ${workers + 1}`,
      'Configuration update complete',
    ]);
    await s.cancel();
    expect(await stopsSoon()).toBe(0);
  });

  it('sends heartbeat comments while nothing is written', async () => {
    const s = sseReader(await open('starcoder-nightly', '?stream=true&level=warn&heartbeatSeconds=1'));
    const frames = await s.readUntil((f) => f.filter((x) => x.comment?.startsWith('heartbeat')).length >= 2);
    expect(entries(frames)).toEqual([]);
    expect(frames.filter((x) => x.comment?.startsWith('heartbeat'))[0]!.comment).toMatch(/^heartbeat \d{4}-\d\d-\d\dT/);
    await s.cancel();
    expect(await stopsSoon()).toBe(0);
  });

  it('refuses a bad Last-Event-ID, a text stream, an offset, bad filters and ranges, unknown endpoints and missing rights before streaming', async () => {
    const stream = (q: string, headers: Record<string, string> = {}, key?: string) =>
      logs('llama3-70b-chat', `?stream=true${q}`, headers, key);
    expect(errorOf(await stream('', { 'last-event-id': 'evt-1' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { field: 'Last-Event-ID' },
    });
    expect(errorOf(await stream('&format=csv')).details.field).toBe('format');
    expect(errorOf(await stream('&offset=10')).details.field).toBe('offset');
    for (const q of [
      '&level=loud',
      '&heartbeatSeconds=0',
      '&heartbeatSeconds=61',
      '&limit=0',
      '&source=gpu',
      `&search=${encodeURIComponent('(a')}`,
    ])
      expect(errorOf(await stream(q))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const now = Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
    expect(errorOf(await stream(`&startTime=${at(now - 25 * HOUR)}`))).toMatchObject({ status: 400, code: 'INVALID_TIME_RANGE' });
    expect(errorOf(await t.call('GET', '/v2/endpoints/ep_nope/logs?stream=true'))).toMatchObject({
      status: 404,
      code: 'ENDPOINT_NOT_FOUND',
    });
    expect((await stream('', {}, null as unknown as string)).status).toBe(401);
    expect(errorOf(await stream('', {}, t.keys.execute)).details.requiredPermission).toBe('logs:read');
    // An explicit format wins over Accept: a JSON page, not a stream.
    const json = await logs('llama3-70b-chat', '?format=json&limit=1', { accept: 'text/event-stream' });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await stopsSoon()).toBe(0);
  });
});

describe('the endpoint log stream in-process (fastify inject)', () => {
  it('streams through emulator.fetch, and cancelling it stops the server side; closing the emulator ends the rest', async () => {
    const e = createEmulator({ seed: 42, ownerKey: OWNER });
    const auth = { authorization: `Bearer ${OWNER}` };
    try {
      const list = await (await e.fetch(new Request('http://emulator.local/v2/endpoints', { headers: auth }))).json();
      const id = list.endpoints.find((x: { name: string }) => x.name === 'llama3-70b-chat').id;
      const res = await e.fetch(new Request(`http://emulator.local/v2/endpoints/${id}/logs?stream=true&limit=3`, { headers: auth }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const s = sseReader(res);
      await s.readUntil((f) => entries(f).length >= 3);
      expect(openEndpointLogStreams.count).toBe(1);
      await e.fetch(
        new Request('http://emulator.local/_emulator/clock/advance', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ seconds: 120 }),
        }),
      );
      await s.readUntil((f) => entries(f).length >= 30);
      await s.cancel();
      expect(await stopsSoon()).toBe(0);
      const left = await e.fetch(new Request(`http://emulator.local/v2/endpoints/${id}/logs?stream=true&limit=1`, { headers: auth }));
      expect(openEndpointLogStreams.count).toBe(1);
      await e.close();
      expect(openEndpointLogStreams.count).toBe(0);
      await left.body!.cancel();
    } finally {
      await e.close();
    }
  });
});
