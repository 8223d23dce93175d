// Endpoint logs, generated when read (docs/decisions.md, Endpoints: logs): a pure function of
// the stored endpoint and the minute, so a month of history costs nothing until it is read and
// the same moment always reads the same lines. Request lines follow the simulated traffic (at
// most one per second: the platform samples beyond that), with failures at the health's error
// share; resource_monitor, cache_manager and storage_uploader lines come on their period; what
// happened to the endpoint (startup phases, a stop, a failed model load, a configuration
// rollout) writes its own lines at its moments.
import { REQUEST_LINES_PER_MINUTE, type LogLevel, type LogSource } from '../../../../../shared/api/endpoints/logs';
import { Rng } from '../../../core/rng';
import type { StoredEndpoint } from '../state';
import { STARTUP_PHASES, startupEnd } from './lifecycle';
import { sampleAt } from './traffic';

const MINUTE = 60_000;

export interface LogRecord {
  t: number;
  level: LogLevel;
  source: LogSource;
  message: string;
  jobId: string | null;
  requestId: string | null;
  metadata: Record<string, unknown>;
  duration: number | null;
  memoryUsage: string;
  gpuUtilization: number;
  stackTrace?: string[];
  context?: Record<string, unknown>;
  recoveryActions?: Array<{ type: string; description: string; executed: boolean; result: string }>;
  benchmarks?: Record<string, number>;
}

export const LEVEL_RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, fatal: 4 };

const DIGITS = Array.from('0123456789abcdefghijklmnopqrstuvwxyz', (c) => c.charCodeAt(0));
const SIX_DIGITS = 36 ** 6;

/**
 * The last six base-36 digits of a 32-bit draw. Written out because `toString(36)` with
 * `padStart`/`slice` was most of the time of a cold day-long search (a day of lines is ~90,000
 * ids per endpoint; measured 8× faster for the same strings).
 */
function sixOf(r: number): string {
  let n = ((r * 0x100000000) >>> 0) % SIX_DIGITS;
  const d5 = DIGITS[n % 36]!;
  n = (n / 36) | 0;
  const d4 = DIGITS[n % 36]!;
  n = (n / 36) | 0;
  const d3 = DIGITS[n % 36]!;
  n = (n / 36) | 0;
  const d2 = DIGITS[n % 36]!;
  n = (n / 36) | 0;
  const d1 = DIGITS[n % 36]!;
  n = (n / 36) | 0;
  return String.fromCharCode(DIGITS[n % 36]!, d1, d2, d3, d4, d5);
}

/** A 12-character id from two draws (cheaper than 12 base62 draws). */
const idOf = (rng: Rng) => sixOf(rng.next()) + sixOf(rng.next());

const gb = (x: number) => `${Math.round(x * 10) / 10}GB`;
const sec = (ms: number) => Math.round(ms) / 1000;

function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** GPU figures of a worker at `t`, as request and monitor lines carry them. */
function gpuAt(e: StoredEndpoint, t: number): { util: number; memory: number } {
  const s = sampleAt(e, t);
  const load = Math.min(1, s.load);
  const serving = s.rps > 0;
  const memory = serving ? e.model_memory_gb * (1.1 + 0.25 * load) : 0;
  return {
    util: serving ? Math.round(6 + 88 * load) : 0,
    memory: s.health === 'degraded' ? Math.max(memory, 0.93 * e.gpu_memory_gb) : memory,
  };
}

const STACKS: Record<string, string[]> = {
  oom: [
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB',
    '  File "/app/handler.py", line 88, in handler',
    '    output = model.generate(**inputs)',
    '  File "/usr/lib/python3.11/site-packages/transformers/generation/utils.py", line 1527, in generate',
  ],
  upstream: [
    'UpstreamError: worker worker_2 returned 502',
    '  at route (/srv/api/router.js:214:11)',
    '  at dispatch (/srv/api/queue.js:77:5)',
  ],
  timeout: [
    'TimeoutError: object_store read timed out after 5000 ms',
    '  File "/app/storage.py", line 41, in fetch',
    '  File "/usr/lib/python3.11/site-packages/botocore/endpoint.py", line 102, in _send',
  ],
  validation: ['ValidationError: input.prompt is required', '  File "/app/handler.py", line 31, in validate'],
};

/** Request lines and periodic lines of one minute. */
function minuteRecords(e: StoredEndpoint, m: number): LogRecord[] {
  const start = m * MINUTE;
  const rng = Rng.derive(hashOf(e.id), `m${m}`);
  const out: LogRecord[] = [];
  const mid = sampleAt(e, start + MINUTE / 2);
  const gpu = gpuAt(e, start + MINUTE / 2);
  const memoryUsage = gb(gpu.memory);
  const health = mid.health;
  const serving = mid.rps > 0;
  const workers = e.configuration.workerCount;
  if (serving) {
    const n = Math.min(REQUEST_LINES_PER_MINUTE, Math.round(mid.rps * 60));
    for (let i = 0; i < n; i++) {
      const t = start + Math.floor(((i + rng.next()) * MINUTE) / n);
      const jobId = `job_${idOf(rng)}`;
      const requestId = `req_${idOf(rng)}`;
      const worker = `worker_${rng.int(0, workers - 1)}`;
      const inputTokens = rng.int(20, 2000);
      const failed = rng.next() < mid.errorShare;
      const duration = sec(mid.latencyMs * (0.6 + 0.8 * rng.next()) * (1 + inputTokens / 4000));
      const common = { t, jobId, requestId, memoryUsage, gpuUtilization: gpu.util };
      if (failed) {
        const kind = health === 'unhealthy' ? (rng.next() < 0.5 ? 'upstream' : 'timeout') : health === 'degraded' ? 'oom' : 'validation';
        out.push({
          ...common,
          level: 'error',
          source:
            kind === 'upstream' || kind === 'validation' ? 'api_handler' : kind === 'timeout' ? 'storage_uploader' : 'model_inference',
          message:
            kind === 'upstream'
              ? 'Upstream worker unavailable (502)'
              : kind === 'timeout'
                ? 'object_store read timed out after 5000 ms'
                : kind === 'oom'
                  ? 'CUDA out of memory during generation'
                  : 'Request validation failed: input.prompt is required',
          metadata: { workerId: worker, inputTokens, statusCode: kind === 'validation' ? 400 : kind === 'upstream' ? 502 : 500 },
          duration: kind === 'validation' ? 0.002 : duration,
          stackTrace: STACKS[kind]!,
          context: { workerId: worker, attempt: 1 },
        });
        continue;
      }
      const outputTokens = rng.int(10, 800);
      const slow = duration > (2.2 * e.traffic.latency_ms) / 1000;
      out.push({
        ...common,
        level: slow ? 'warn' : 'info',
        source: 'model_inference',
        message: slow ? `Slow inference: ${duration.toFixed(2)}s` : `Inference completed in ${duration.toFixed(2)}s`,
        metadata: { workerId: worker, inputTokens, outputTokens, statusCode: 200 },
        duration,
      });
    }
  }
  const up = health !== 'stopped' && health !== 'error' && health !== 'starting';
  if (up) {
    const high = gpu.memory / e.gpu_memory_gb >= 0.9;
    out.push({
      t: start + 500,
      level: high ? 'warn' : 'info',
      source: 'resource_monitor',
      message: high
        ? `GPU memory at ${Math.round((gpu.memory / e.gpu_memory_gb) * 100)}% on every worker`
        : `GPU utilization ${gpu.util}%, memory ${memoryUsage}/${gb(e.gpu_memory_gb)}`,
      jobId: null,
      requestId: null,
      metadata: { workers, activeRequests: Math.round((mid.rps * mid.latencyMs) / 1000) },
      duration: null,
      memoryUsage,
      gpuUtilization: gpu.util,
    });
    if (m % 5 === 0) {
      const ratio = Math.round((0.7 + 0.25 * rng.next()) * 100) / 100;
      out.push({
        t: start + 1500,
        level: 'debug',
        source: 'cache_manager',
        message: `Cache hit ratio ${ratio}, ${rng.int(200, 5000)} entries`,
        jobId: null,
        requestId: null,
        metadata: { hitRatio: ratio },
        duration: null,
        memoryUsage,
        gpuUtilization: gpu.util,
      });
    }
    if (m % 15 === 0) {
      const failing = health === 'unhealthy';
      out.push({
        t: start + 2500,
        level: failing ? 'warn' : 'debug',
        source: 'storage_uploader',
        message: failing ? 'Upload of results to object_store failed; retrying' : `Uploaded ${rng.int(5, 80)} result files to object_store`,
        jobId: null,
        requestId: null,
        metadata: { destination: 'object_store' },
        duration: sec(failing ? 5000 : rng.int(200, 1500)),
        memoryUsage,
        gpuUtilization: gpu.util,
        ...(failing
          ? { recoveryActions: [{ type: 'retry_upload', description: 'Retry the upload in 30 s', executed: true, result: 'success' }] }
          : {}),
      });
    }
    if (health === 'unhealthy' && m % 10 === 0) {
      out.push({
        t: start + 30_000,
        level: 'error',
        source: 'api_handler',
        message: 'Worker worker_2 unreachable; requests rerouted',
        jobId: null,
        requestId: null,
        metadata: { workerId: 'worker_2', xid: 79 },
        duration: null,
        memoryUsage,
        gpuUtilization: gpu.util,
        stackTrace: STACKS.upstream!,
        recoveryActions: [
          { type: 'reroute_requests', description: 'Send worker_2’s queue to the other workers', executed: true, result: 'success' },
          { type: 'restart_worker', description: 'Restart worker_2', executed: true, result: 'failed' },
        ],
      });
    }
  }
  if (health === 'error' && start > e.health_since && m % 5 === 0) {
    const attempt = Math.floor((start - e.health_since) / (5 * MINUTE)) + 1;
    out.push({
      t: start + 10_000,
      level: 'error',
      source: 'model_loader',
      message: `Model load retry ${attempt} failed: CUDA out of memory`,
      jobId: null,
      requestId: null,
      metadata: { attempt, model: e.model },
      duration: sec(e.startup[2] * 1000),
      memoryUsage: gb(e.gpu_memory_gb * 0.98),
      gpuUtilization: 0,
      stackTrace: STACKS.oom!,
      context: { attempt },
    });
  }
  return out;
}

/** Lines of what happened to the endpoint, at their moments. */
function eventRecords(e: StoredEndpoint): LogRecord[] {
  const out: LogRecord[] = [];
  const base = { jobId: null, requestId: null, duration: null, memoryUsage: '0GB', gpuUtilization: 0 };
  if (e.health === 'starting') {
    let t = e.health_since;
    STARTUP_PHASES.forEach((name, i) => {
      out.push({
        ...base,
        t,
        level: 'info',
        source: i === 2 ? 'model_loader' : 'api_handler',
        message: `Startup phase ${name} started`,
        metadata: { phase: name },
      });
      t += e.startup[i]! * 1000;
    });
    out.push({
      ...base,
      t: startupEnd(e),
      level: 'info',
      source: 'model_loader',
      message: `Model ${e.model} loaded and warmed up; endpoint ready`,
      metadata: { phase: 'ready', loadTime: e.startup[2] },
      memoryUsage: gb(e.model_memory_gb),
      benchmarks: { tokensPerSecond: Math.round(60_000 / e.traffic.latency_ms), p50LatencyMs: e.traffic.latency_ms, warmupRequests: 8 },
    });
  }
  if (e.health === 'stopped')
    out.push({
      ...base,
      t: e.health_since,
      level: 'info',
      source: 'auto_scaler',
      message: 'Endpoint stopped: workers scaled to 0',
      metadata: { workers: 0 },
    });
  if (e.health === 'error')
    out.push({
      ...base,
      t: e.health_since,
      level: 'fatal',
      source: 'model_loader',
      message: 'CUDA out of memory while loading model weights',
      metadata: { model: e.model, gpuMemory: gb(e.gpu_memory_gb) },
      memoryUsage: gb(e.gpu_memory_gb * 0.98),
      stackTrace: STACKS.oom!,
      recoveryActions: [{ type: 'retry_model_load', description: 'Retry the load every 5 minutes', executed: true, result: 'failed' }],
    });
  const r = e.rollout;
  if (r) {
    out.push({
      ...base,
      t: r.started_at,
      level: 'info',
      source: 'auto_scaler',
      message: `Configuration update started: ${r.changes.join(', ') || 'no change'}`,
      metadata: { changes: r.changes },
    });
    const restarts = Math.round((r.ends_at - r.started_at - 20_000) / 15_000);
    for (let k = 0; k < restarts; k++)
      out.push({
        ...base,
        t: r.started_at + 20_000 + (k + 1) * 15_000 - 1,
        level: 'info',
        source: 'auto_scaler',
        message: `Worker worker_${k} restarted with the new configuration`,
        metadata: { workerId: `worker_${k}` },
      });
    out.push({
      ...base,
      t: r.ends_at,
      level: 'info',
      source: 'auto_scaler',
      message: 'Configuration update complete',
      metadata: { workers: e.configuration.workerCount },
    });
  }
  return out;
}

// Minutes already generated, by endpoint and minute; the key holds what the API can change (an
// update sets updated_at; a health change its health and since), bounded by the lines they hold: about a day of every seeded endpoint (~60 MB).
const cache = new Map<string, LogRecord[]>();
const CACHE_LINES_MAX = 200_000;
let cachedLines = 0;

/**
 * Reads of more minutes than this pass through without filling the cache: a day of every
 * endpoint (a search, an aggregate) would push out the recent minutes that pages and streams
 * read again, and lines kept alive that long are what made such a read slow (measured: of a
 * cold 1.6 s search over a day of seven endpoints, 1 s was the garbage collector moving cached
 * lines to the old generation).
 */
const SCAN_CACHE_MINUTES = 6 * 60;

function cachedMinute(e: StoredEndpoint, m: number, keep = true): LogRecord[] {
  const key = `${e.id}|${e.updated_at}|${e.health}|${e.health_since}|${m}`;
  let records = cache.get(key);
  if (!records) {
    records = minuteRecords(e, m);
    if (!keep) return records;
    // Empty minutes count as one line, so a stopped endpoint's month cannot grow the map unbounded.
    cachedLines += records.length + 1;
    for (const [k, v] of cache) {
      if (cachedLines <= CACHE_LINES_MAX) break;
      cache.delete(k);
      cachedLines -= v.length + 1;
    }
    cache.set(key, records);
  }
  return records;
}

/**
 * Visits every line of the endpoint with `start ≤ t ≤ end` (nothing after `now` or older than
 * the retention), minute by minute and then the lifecycle events: not in time order.
 */
export function forEachLog(
  e: StoredEndpoint,
  start: number,
  end: number,
  now: number,
  retentionMs: number,
  visit: (r: LogRecord) => void,
): void {
  const from = Math.max(start, now - retentionMs, e.created_at);
  const to = Math.min(end, now);
  if (from > to) return;
  const first = Math.floor(from / MINUTE);
  const last = Math.floor(to / MINUTE);
  const keep = last - first < SCAN_CACHE_MINUTES;
  for (let m = first; m <= last; m++) for (const r of cachedMinute(e, m, keep)) if (r.t >= from && r.t <= to) visit(r);
  for (const r of eventRecords(e)) if (r.t >= from && r.t <= to) visit(r);
}

/** Every line of the endpoint with `start ≤ t ≤ end`, oldest first; nothing after `now` or older than the retention. */
export function logsBetween(e: StoredEndpoint, start: number, end: number, now: number, retentionMs: number): LogRecord[] {
  const out: LogRecord[] = [];
  forEachLog(e, start, end, now, retentionMs, (r) => out.push(r));
  return out.sort((a, b) => a.t - b.t);
}
