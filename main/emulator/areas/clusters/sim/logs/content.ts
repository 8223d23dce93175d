// What a cluster writes, minute by minute and at the moments its lifecycle decides: workload
// lines (training steps with loss, evaluations, checkpoints; inference requests; notebook
// kernels), the host's background (syslog, containerd, sshd, DCGM), rare errors with stack
// traces, a gpu_driver warning when a GPU the metrics simulator samples goes above 85 °C (and each
// quarter hour it stays there), and the stop or restart phases at their phase times. A minute's lines are drawn from
// a generator keyed by the seed, the cluster and the minute, so any minute can be produced
// alone, in any order, and always reads the same (docs/decisions.md, Logs).
import type { LogLevel, LogSource, LogType } from '../../../../../../shared/api/clusters/logs';
import { gpuId } from '../../../../../../shared/api/clusters/metrics';
import { Rng } from '../../../../core/rng';
import type { StoredCluster } from '../../state';
import { STEP_TEXT } from '../phases';
import { inCheckpoint, loadAt, runAt, type Run } from '../metrics/model';
import type { MetricsModel } from '../metrics/sample';

export const MIN = 60_000;
/** The threshold of the gpu_driver temperature warning, °C. */
export const HOT_C = 85;

export interface Proc {
  pid: number;
  name: string;
  command: string;
}

/** One entry as generated: the wire shape is rendered from it when answered (render.ts). */
export interface Raw {
  t: number;
  /** Unique among the cluster's entries at the same millisecond; the id is `log_<t base36>_<tag>`. */
  tag: string;
  level: LogLevel;
  source: LogSource;
  type: LogType;
  message: string;
  proc: Proc;
  gpu: number | null;
  file: string | null;
  line: number | null;
  thread: number | null;
  tags: string[];
  stack?: string[];
  /** Message and stack trace in lower case, made on the first text search. */
  lower?: string;
}

const SYSTEMD: Proc = { pid: 1, name: 'systemd', command: '/sbin/init' };
const KERNEL: Proc = { pid: 0, name: 'kernel', command: '[kernel]' };
const CONTAINERD: Proc = { pid: 812, name: 'containerd', command: '/usr/bin/containerd' };
const SSHD: Proc = { pid: 27, name: 'sshd', command: 'sshd: /usr/sbin/sshd -D [listener]' };
const TINI: Proc = { pid: 1, name: 'tini', command: '/usr/bin/tini -- /opt/entrypoint.sh' };
const DCGM: Proc = { pid: 1187, name: 'nv-hostengine', command: '/usr/bin/nv-hostengine -n --service-account nvidia-dcgm' };
const PERSISTENCED: Proc = { pid: 1104, name: 'nvidia-persistenced', command: '/usr/bin/nvidia-persistenced --user nvidia-persistenced' };
const AGENT: Proc = { pid: 903, name: 'gpc-agent', command: '/opt/gpc/bin/gpc-agent --config /etc/gpc/agent.yaml' };

/** The processes a workload writes from (the metrics simulator's process table names the same pids). */
export function workloadProc(m: MetricsModel): Proc {
  const { p, cluster } = m;
  if (p.workload === 'training')
    return { pid: p.pidBase + 1, name: 'python', command: `python -u train.py --config configs/${cluster.name}.yaml --local_rank=0` };
  if (p.workload === 'inference')
    return {
      pid: p.pidBase,
      name: 'python',
      command: `python -m vllm.entrypoints.openai.api_server --port 8000 --tensor-parallel-size ${p.gpus}`,
    };
  return { pid: p.pidBase, name: 'python', command: 'python -m ipykernel_launcher -f /root/.local/share/jupyter/runtime/kernel-1.json' };
}

/** Training: one optimizer step takes this long, so step numbers follow the clock. */
const STEP_MS = 1_250;
/** Training: a step line every this many ms of work. */
const TRAIN_LINE_MS = 2_500;

const r4 = (v: number) => v.toFixed(4);

function lossAt(step: number, jitter: number): number {
  return 1.72 + 2.9 * Math.exp(-step / 18_000) + 0.06 * (jitter - 0.5);
}

interface Out {
  push(e: Raw): void;
}

/**
 * An entry whose message may be formatted only when read: most reads filter by level, type or
 * time and never look at the bulk of the lines (training steps, requests), whose numbers cost
 * more to format than the rest of the entry to make.
 */
class Line implements Raw {
  lower?: string;
  stack?: string[];
  constructor(
    readonly t: number,
    readonly tag: string,
    readonly level: LogLevel,
    readonly source: LogSource,
    readonly type: LogType,
    private text: string | (() => string),
    readonly proc: Proc,
    readonly gpu: number | null,
    readonly file: string | null,
    readonly line: number | null,
    readonly thread: number | null,
    readonly tags: string[],
  ) {}
  get message(): string {
    if (typeof this.text !== 'string') this.text = this.text();
    return this.text;
  }
  /**
   * Message and stack trace in lower case, for text search. A message not formatted yet is
   * formatted for the test and let go: a search over a month would otherwise keep a million
   * strings alive in the cache.
   */
  lowerText(): string {
    if (this.lower !== undefined) return this.lower;
    const lazy = typeof this.text !== 'string';
    const text = typeof this.text === 'string' ? this.text : this.text();
    const lower = (this.stack ? `${text}\n${this.stack.join('\n')}` : text).toLowerCase();
    if (!lazy) this.lower = lower;
    return lower;
  }
}

/** Message and stack trace, lower case (kept for entries whose message is already made). */
export const lowerOf = (e: Raw): string =>
  e instanceof Line ? e.lowerText() : (e.lower ??= (e.stack ? `${e.message}\n${e.stack.join('\n')}` : e.message).toLowerCase());

const entry = (
  t: number,
  tag: string,
  level: LogLevel,
  source: LogSource,
  type: LogType,
  message: string | (() => string),
  proc: Proc,
  extra: Partial<Pick<Raw, 'gpu' | 'file' | 'line' | 'thread' | 'stack'>> & { tags?: string[] } = {},
): Raw => {
  const e = new Line(
    t,
    tag,
    level,
    source,
    type,
    message,
    proc,
    extra.gpu ?? null,
    extra.file ?? null,
    extra.line ?? null,
    extra.thread ?? null,
    extra.tags ?? [type],
  );
  if (extra.stack) e.stack = extra.stack;
  return e;
};

/** Tags of the bulk lines, shared (never changed by readers). */
const TRAINING_TAGS = ['application', 'training'];
const INFERENCE_TAGS = ['application', 'inference'];
const W_TAGS = Array.from({ length: 64 }, (_, j) => `w${j}`);

const TRACE_TRAIN = [
  'Traceback (most recent call last):',
  '  File "/workspace/train.py", line 412, in <module>',
  '    main(cfg)',
  '  File "/workspace/train.py", line 377, in main',
  '    batch = next(loader_iter)',
  '  File "/usr/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 631, in __next__',
  '    data = self._next_data()',
  'ConnectionResetError: [Errno 104] Connection reset by peer',
];
const TRACE_SERVE = [
  'Traceback (most recent call last):',
  '  File "/usr/lib/python3.11/site-packages/vllm/entrypoints/openai/api_server.py", line 263, in create_completion',
  '    generator = await openai_serving_completion.create_completion(request, raw_request)',
  '  File "/usr/lib/python3.11/site-packages/vllm/engine/async_llm_engine.py", line 611, in generate',
  '    raise AsyncEngineDeadError("Background loop has errored already.")',
  'asyncio.exceptions.TimeoutError: request exceeded 60 s',
];
const TRACE_NOTEBOOK = [
  'Traceback (most recent call last):',
  '  File "/tmp/ipykernel_58/2291840715.py", line 7, in <module>',
  '    out = model(x.cuda())',
  '  File "/usr/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1532, in _wrapped_call_impl',
  '    return self._call_impl(*args, **kwargs)',
  'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 1.12 GiB free)',
];
const ROUTES = ['/v1/completions', '/v1/chat/completions', '/v1/embeddings'];
const SYSLOG = [
  'Started Session of user root.',
  'Starting Daily apt download activities...',
  'Finished Daily apt download activities.',
  'Started Cleanup of Temporary Directories.',
  'logrotate.service: Deactivated successfully.',
];
const KERNEL_LINES = [
  'nvidia-nvswitch0: link training complete',
  'EXT4-fs (nvme0n1p1): re-mounted. Opts: (null)',
  'perf: interrupt took too long (2502 > 2500), lowering kernel.perf_event_max_sample_rate to 79750',
];

/** A training step line (made when read: the rate follows the load at that moment). */
function stepLine(m: MetricsModel, t: number, step: number, jit: number): string {
  const its = (1000 / STEP_MS) * (0.97 + 0.03 * loadAt(m.p, m.tl, t));
  const lr = (3e-4 * Math.min(1, step / 2000)).toExponential(2);
  return `step ${step} | loss ${r4(lossAt(step, jit))} | lr ${lr} | grad_norm ${(0.6 + 0.5 * jit).toFixed(2)} | ${its.toFixed(2)} it/s`;
}

/**
 * The workload's lines of one minute: [t0, t0 + 1 min), drawn from rng. `rareOnly`: only warn,
 * error and fatal lines are wanted (the rare-level index); the draws are the same, the info and
 * debug lines are not made.
 */
function workloadMinute(m: MetricsModel, t0: number, rng: Rng, out: Out, proc: Proc, rareOnly: boolean): void {
  const { p, tl } = m;
  if (p.workload === 'training') {
    // Training writes only info and debug lines here: the rare-level index moves the generator
    // on by the minute's draws (two a line) without making them.
    if (rareOnly) return rng.skip(2 * (MIN / TRAIN_LINE_MS));
    for (let j = 0; j < MIN / TRAIN_LINE_MS; j++) {
      const t = t0 + j * TRAIN_LINE_MS + rng.int(0, 400);
      const jit = rng.next();
      const run = runAt(tl, t);
      if (!run || t < run.jobStart || t >= run.drainStart) continue;
      if (inCheckpoint(p, run, t)) continue;
      const tau = t - run.jobStart;
      const cyc = tau - Math.floor(tau / p.cycleMs) * p.cycleMs;
      const step = Math.floor(tau / STEP_MS);
      if (cyc >= p.cycleMs - p.evalMs) {
        if (j % 5 === 0)
          out.push(
            entry(
              t,
              W_TAGS[j]!,
              'debug',
              'application',
              'application',
              `eval batch ${Math.floor((cyc - (p.cycleMs - p.evalMs)) / 1500)}`,
              proc,
              {
                file: 'train.py',
                line: 301,
                thread: proc.pid,
              },
            ),
          );
        continue;
      }
      out.push(
        entry(t, W_TAGS[j]!, 'info', 'application', 'application', () => stepLine(m, t, step, jit), proc, {
          file: 'train.py',
          line: 388,
          thread: proc.pid,
          tags: TRAINING_TAGS,
        }),
      );
    }
    return;
  }
  if (p.workload === 'inference') {
    const load = loadAt(p, tl, t0 + MIN / 2);
    const n = Math.round(40 * load);
    for (let j = 0; j < n; j++) {
      const t = t0 + rng.int(0, MIN - 1);
      const roll = rng.next();
      const route = rng.pick(ROUTES);
      const tokensIn = rng.int(16, 2048);
      const tokensOut = route === '/v1/embeddings' ? 0 : rng.int(8, 512);
      const ms = Math.round((40 + tokensOut * (8 + 10 * load)) * (0.8 + 0.4 * rng.next()));
      const run = runAt(tl, t);
      if (!run || t < run.jobStart || t >= run.drainEnd) continue;
      if (roll < 0.004) {
        out.push(
          entry(t, W_TAGS[j]!, 'error', 'application', 'error', `POST ${route} 500 Internal Server Error after ${ms * 4} ms`, proc, {
            file: 'api_server.py',
            line: 263,
            thread: proc.pid + 3,
            stack: TRACE_SERVE,
            tags: ['error', 'inference'],
          }),
        );
      } else if (roll < 0.02) {
        out.push(
          entry(
            t,
            W_TAGS[j]!,
            'warn',
            'application',
            'application',
            `POST ${route} 429 Too Many Requests (queue full at ${Math.round(64 * load)} waiting)`,
            proc,
            {
              file: 'api_server.py',
              line: 198,
              thread: proc.pid + 3,
              tags: INFERENCE_TAGS,
            },
          ),
        );
      } else if (!rareOnly) {
        out.push(
          entry(
            t,
            W_TAGS[j]!,
            'info',
            'application',
            'application',
            () => `POST ${route} 200 OK ${ms} ms prompt_tokens=${tokensIn} completion_tokens=${tokensOut}`,
            proc,
            {
              file: 'api_server.py',
              line: 241,
              thread: proc.pid + 3,
              tags: INFERENCE_TAGS,
            },
          ),
        );
      }
    }
    return;
  }
  // Interactive: a busy session runs cells; an idle one says little.
  const load = loadAt(p, tl, t0 + MIN / 2);
  const cells = load > 0.2 ? rng.int(1, 4) : rng.next() < 0.1 ? 1 : 0;
  for (let j = 0; j < cells; j++) {
    const t = t0 + rng.int(0, MIN - 1);
    const run = runAt(tl, t);
    if (!run || t < run.jobStart || t >= run.drainEnd) continue;
    const ms = rng.int(40, load > 0.2 ? 45_000 : 900);
    out.push(
      entry(
        t,
        W_TAGS[j]!,
        'info',
        'application',
        'application',
        `Kernel kernel-1: execute_request cell ${rng.int(1, 60)} finished in ${ms} ms`,
        proc,
        {
          file: 'kernelbase.py',
          line: 745,
          thread: proc.pid,
          tags: ['application', 'notebook'],
        },
      ),
    );
  }
}

/** The cluster's run is up at t (booted, not yet ended). */
const isUp = (run: Run, t: number) => t >= run.boot && t < run.end;

/**
 * The host's and the container's background of one live minute, and rare errors. `rareOnly`:
 * only the warn and error lines are wanted (the rare-level index); the draws are the same, the
 * info and debug lines are not made.
 */
function backgroundMinute(m: MetricsModel, t0: number, rng: Rng, out: Out, proc: Proc, run: Run, rareOnly: boolean): void {
  // No closures here: this runs for every minute of a month's search, and under tsx (keepNames)
  // each named closure made per call cost a defineProperty (a fifth of a cold month's search).
  const { p, cluster } = m;
  const bulk = !rareOnly;
  let r = rng.next();
  let t = t0 + rng.int(0, MIN - 1);
  if (r < 0.12 && isUp(run, t)) {
    const line = rng.pick(SYSLOG);
    if (bulk) out.push(entry(t, 'b0', 'info', 'host', 'system', `systemd[1]: ${line}`, SYSTEMD, { tags: ['system', 'syslog'] }));
  } else if (r < 0.16 && isUp(run, t)) {
    const line = rng.pick(KERNEL_LINES);
    if (bulk) out.push(entry(t, 'b0', 'info', 'host', 'system', `kernel: ${line}`, KERNEL, { tags: ['system', 'kernel'] }));
  }
  r = rng.next();
  t = t0 + rng.int(0, MIN - 1);
  if (r < 0.06 && isUp(run, t)) {
    const user = cluster.team_members.length ? rng.pick(cluster.team_members) : 'root';
    const [a, b, port] = [rng.int(0, 20), rng.int(2, 254), rng.int(40000, 60999)];
    if (bulk)
      out.push(
        entry(t, 'b1', 'info', 'host', 'audit', `Accepted publickey for ${user} from 10.0.${a}.${b} port ${port} ssh2: ED25519`, SSHD, {
          tags: ['audit', 'auth'],
        }),
      );
  } else if (r < 0.1 && isUp(run, t)) {
    const key = rng.base62(8);
    if (bulk)
      out.push(
        entry(t, 'b1', 'info', 'host', 'audit', `API access: GET /v1/clusters/${cluster.id}/metrics by key_${key} 200`, AGENT, {
          tags: ['audit', 'api'],
        }),
      );
  } else if (r < 0.11 && isUp(run, t)) {
    if (bulk)
      out.push(
        entry(t, 'b1', 'info', 'container', 'audit', `File access: /workspace/.env read by uid 1000`, TINI, { tags: ['audit', 'file'] }),
      );
  }
  r = rng.next();
  t = t0 + rng.int(0, MIN - 1);
  if (bulk && r < 0.08 && isUp(run, t))
    out.push(
      entry(t, 'b2', 'info', 'container', 'runtime', `containerd: health check of container ${containerId(cluster)} passed`, CONTAINERD, {
        tags: ['runtime'],
      }),
    );
  r = rng.next();
  t = t0 + rng.int(0, MIN - 1);
  if (r < 0.2 && t >= run.jobStart && t < run.drainStart) {
    // The message's draws, then the thread's: the order the lines have always been drawn in.
    const message =
      p.workload === 'training'
        ? `dataloader: worker ${rng.int(0, 7)} prefetched shard ${rng.int(0, 4095)}`
        : `scheduler: ${rng.int(0, 64)} running, ${rng.int(0, 8)} waiting`;
    const thread = proc.pid + rng.int(1, 8);
    if (bulk) out.push(entry(t, 'b3', 'debug', 'application', 'application', message, proc, { thread, tags: ['application'] }));
  }
  r = rng.next();
  t = t0 + rng.int(0, MIN - 1);
  if (r < 0.015 && t >= run.jobStart && t < run.drainStart) {
    const stack = p.workload === 'training' ? TRACE_TRAIN : p.workload === 'inference' ? TRACE_SERVE : TRACE_NOTEBOOK;
    out.push(
      entry(t, 'b4', 'error', 'application', 'error', `Unhandled exception, retrying: ${stack[stack.length - 1]}`, proc, {
        file: stack[1]!.split('"')[1]!,
        line: Number(/line (\d+)/.exec(stack[1]!)![1]),
        thread: proc.pid,
        stack,
        tags: ['error'],
      }),
    );
  } else if (r < 0.035 && isUp(run, t)) {
    out.push(
      entry(t, 'b4', 'warn', 'host', 'system', `kernel: nvme0n1: I/O latency ${rng.int(40, 400)} ms above 30 ms`, KERNEL, {
        tags: ['system', 'disk'],
      }),
    );
  }
}

export function containerId(c: StoredCluster): string {
  let h = 2166136261;
  for (let i = 0; i < c.id.length; i++) h = Math.imul(h ^ c.id.charCodeAt(i), 16777619);
  let h2 = h ^ 0x5bd1e995;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0x5bd1e995);
  return ((h >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0')).slice(0, 12);
}

/** The rng-drawn lines of minute `t0` (a whole minute), any that fall where the cluster was up. */
export function minuteLines(seed: number, m: MetricsModel, t0: number, out: Out, proc: Proc, rareOnly = false): void {
  const run = runAt(m.tl, t0) ?? runAt(m.tl, t0 + MIN - 1);
  if (!run) return;
  const rng = Rng.derive(seed, `logs:${m.cluster.id}:${t0 / MIN}`);
  workloadMinute(m, t0, rng, out, proc, rareOnly);
  backgroundMinute(m, t0, rng, out, proc, run, rareOnly);
  if (!rareOnly && t0 % (10 * MIN) === 0 && t0 >= run.boot && t0 < run.end && m.p.gpus > 0)
    out.push(
      entry(
        t0 + 500,
        'dcgm',
        'info',
        'gpu_driver',
        'gpu',
        `DCGM health check passed: ${m.p.gpus} GPUs, PCIe and NVLink ok, no XID errors`,
        DCGM,
        {
          tags: ['gpu', 'health'],
        },
      ),
    );
}

/** The gpu_driver warning of a GPU above HOT_C at a minute's sample (the metrics simulator's temperature and clock). */
export function hotGpu(t: number, gpu: number, tempC: number, clockMhz: number, throttleC: number): Raw {
  return entry(
    t,
    `hot${gpu}`,
    'warn',
    'gpu_driver',
    'gpu',
    `${gpuId(gpu)} temperature ${tempC.toFixed(1)} °C above ${HOT_C} °C (slowdown at ${throttleC} °C); graphics clock ${Math.round(clockMhz)} MHz`,
    PERSISTENCED,
    { gpu, tags: ['gpu', 'thermal'] },
  );
}

/** Lines written at moments the timeline decides: a run's boot, model load, drain and end; checkpoints and evaluations. */
export function runEvents(m: MetricsModel, run: Run, from: number, to: number, out: Out, proc: Proc): void {
  const { p, cluster } = m;
  const inside = (t: number) => t >= from && t < to;
  const push = (e: Raw) => inside(e.t) && out.push(e);
  const spec = p.spec;
  push(
    entry(
      run.boot,
      'boot0',
      'info',
      'host',
      'system',
      `systemd[1]: Started GPU node ${cluster.name} (${p.gpus}× ${cluster.gpu.type})`,
      SYSTEMD,
      { tags: ['system', 'boot'] },
    ),
  );
  push(
    entry(
      run.boot + 1,
      'boot1',
      'info',
      'gpu_driver',
      'gpu',
      `NVIDIA driver loaded: ${p.gpus} GPUs (${cluster.gpu.type}), persistence mode on`,
      PERSISTENCED,
      { tags: ['gpu', 'boot'] },
    ),
  );
  for (let i = 0; i < p.gpus; i++)
    push(
      entry(
        run.boot + 2 + i,
        `gpuup${i}`,
        'info',
        'gpu_driver',
        'gpu',
        `${gpuId(i)}: initialized, ${spec.memory_gib} GiB, power limit ${spec.tdp_w} W`,
        PERSISTENCED,
        { gpu: i, tags: ['gpu', 'boot'] },
      ),
    );
  push(
    entry(
      run.boot + 1500,
      'boot2',
      'info',
      'container',
      'runtime',
      `containerd: started container ${containerId(cluster)} from ${cluster.container_image}`,
      CONTAINERD,
      { tags: ['runtime', 'boot'] },
    ),
  );
  push(
    entry(run.boot + 2500, 'boot3', 'info', 'application', 'application', 'Loading model weights into GPU memory', proc, {
      tags: ['application', 'model'],
    }),
  );
  push(
    entry(
      run.jobStart,
      'ready',
      'info',
      'application',
      'application',
      `Model loaded in ${Math.round((run.jobStart - run.boot) / 1000)} s; ${p.workload === 'inference' ? 'serving on :8000' : p.workload === 'training' ? 'training started' : 'kernel ready'}`,
      proc,
      {
        tags: ['application', 'model'],
      },
    ),
  );
  if (Number.isFinite(run.drainStart)) {
    push(
      entry(
        run.drainStart,
        'term',
        'info',
        'application',
        'application',
        'Received SIGTERM: finishing the current work and exiting',
        proc,
        { tags: ['application', 'shutdown'] },
      ),
    );
    push(
      entry(
        run.drainEnd,
        'exit',
        'info',
        'container',
        'runtime',
        `containerd: process ${proc.pid} (${proc.name}) exited with code 0`,
        CONTAINERD,
        { tags: ['runtime', 'shutdown'] },
      ),
    );
  }
  if (Number.isFinite(run.memFreeAt))
    push(
      entry(run.memFreeAt, 'free', 'info', 'gpu_driver', 'gpu', `GPU memory released on ${p.gpus} GPUs`, PERSISTENCED, {
        tags: ['gpu', 'shutdown'],
      }),
    );
  if (p.workload !== 'training') return;
  // Evaluations and checkpoints: cycle k's evaluation starts at cycleMs − evalMs; every 4th cycle ends with a checkpoint.
  const stop = Math.min(to, run.drainStart);
  const k0 = Math.max(0, Math.floor((from - run.jobStart) / p.cycleMs));
  for (let k = k0; run.jobStart + k * p.cycleMs < stop; k++) {
    const c0 = run.jobStart + k * p.cycleMs;
    const step = (t: number) => Math.floor((t - run.jobStart) / STEP_MS);
    const ckpt = (k + 1) % 4 === 0;
    const evalStart = c0 + p.cycleMs - p.evalMs;
    const evalEnd = ckpt ? c0 + p.cycleMs - p.ckptMs : c0 + p.cycleMs;
    if (evalStart < run.drainStart)
      push(
        entry(evalStart, `eval${k}`, 'info', 'application', 'application', `Running evaluation at step ${step(evalStart)}`, proc, {
          file: 'train.py',
          line: 295,
          tags: ['application', 'training'],
        }),
      );
    if (evalEnd < run.drainStart && evalEnd > evalStart)
      push(
        entry(
          evalEnd,
          `evald${k}`,
          'info',
          'application',
          'application',
          `eval | step ${step(evalEnd)} | eval_loss ${r4(lossAt(step(evalEnd), 0.5) + 0.05)}`,
          proc,
          { file: 'train.py', line: 318, tags: ['application', 'training'] },
        ),
      );
    if (ckpt) {
      const s0 = c0 + p.cycleMs - p.ckptMs;
      const s1 = c0 + p.cycleMs;
      const path = `/workspace/checkpoints/step_${step(s0)}`;
      if (s0 < run.drainStart)
        push(
          entry(s0, `ckpt${k}`, 'info', 'application', 'application', `Saving checkpoint to ${path}`, proc, {
            file: 'train.py',
            line: 402,
            tags: ['application', 'checkpoint'],
          }),
        );
      if (s1 < run.drainStart)
        push(
          entry(
            s1,
            `ckptd${k}`,
            'info',
            'application',
            'application',
            `Checkpoint saved to ${path} in ${Math.round(p.ckptMs / 1000)} s`,
            proc,
            { file: 'train.py', line: 409, tags: ['application', 'checkpoint'] },
          ),
        );
    }
  }
}

/** The stop or restart under way (or last finished, while the record keeps it): its request and each phase at its start. */
export function lifecycleEvents(c: StoredCluster, from: number, to: number, out: Out): void {
  const op = c.lifecycle;
  if (!op) return;
  const push = (e: Raw) => e.t >= from && e.t < to && out.push(e);
  const what = op.kind === 'stop' ? 'Stop' : 'Restart';
  push(
    entry(
      op.started_at,
      `op`,
      'info',
      'host',
      'audit',
      `${what} requested through the API (${op.type}, grace period ${op.grace_period_minutes} min)`,
      AGENT,
      {
        tags: ['audit', 'lifecycle'],
      },
    ),
  );
  let t = op.started_at;
  op.phases.forEach(([name, ms], i) => {
    push(
      entry(t, `ph${i}`, 'info', 'host', 'system', `${what} phase ${name}: ${STEP_TEXT[name] ?? name}`, AGENT, {
        tags: ['system', 'lifecycle'],
      }),
    );
    t += ms;
  });
  const final = op.kind === 'stop' ? 'completed' : 'ready';
  push(entry(t, 'done', 'info', 'host', 'system', `${what} phase ${final}: ${STEP_TEXT[final]}`, AGENT, { tags: ['system', 'lifecycle'] }));
}
