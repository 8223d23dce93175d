// The log simulator: a pure function of the seed, the cluster and the time (any hour alone, in
// any order, reads the same), stop and restart phases written at their phase times, nothing
// after a stop, and a gpu_driver warning for exactly the GPUs and minutes the metrics simulator
// has above 85 °C.
import { r1 } from '../../../../main/emulator/areas/clusters/sim/metrics/render';
import { describe, expect, it } from 'vitest';
import { HOT_C, type Raw } from '../../../../main/emulator/areas/clusters/sim/logs/content';
import {
  HOUR,
  after,
  cursorOf,
  idOf,
  render,
  scan,
  scanAt,
  sourceOf,
  textLine,
} from '../../../../main/emulator/areas/clusters/sim/logs/read';
import { G, GPU_WIDTH, seriesOf } from '../../../../main/emulator/areas/clusters/sim/metrics/sample';
import type { StoredCluster } from '../../../../main/emulator/areas/clusters/state';
import { lifecycle as lifecycleOf, T0, trainingCluster } from './sim-fixture';
import { gpuId } from '../../../../shared/api/clusters/metrics';
import { LogEntry } from '../../../../shared/api/clusters/logs';

const MIN = 60_000;

const cluster = (over: Partial<StoredCluster> = {}) =>
  trainingCluster({ id: 'cluster_unitLogs01', team_members: ['usr_a1', 'usr_b2'], ...over });

const lifecycle = (kind: 'stop' | 'restart', startedAt: number, c: StoredCluster) => lifecycleOf(kind, startedAt, c, true);

function read(
  seed: number,
  c: StoredCluster,
  from: number,
  to: number,
  keep: (e: Raw) => boolean = () => true,
  newestFirst = false,
  levels: ReadonlySet<string> | null = null,
): Raw[] {
  const out: Raw[] = [];
  scan(sourceOf(seed, c), from, to, keep, (e) => void out.push(e), newestFirst, levels);
  return out;
}

describe('log simulator', () => {
  it('is a pure function of the seed, the cluster and the time, whatever was read before', () => {
    const from = T0 + 5 * HOUR + 17 * MIN;
    const a = read(7, cluster(), from, from + 2 * HOUR);
    // Another cluster object with the same content, read in pieces and backwards, gives the same entries.
    const pieces = [...read(7, structuredClone(cluster()), from + HOUR, from + 2 * HOUR, undefined, true).reverse()];
    const b = [...read(7, structuredClone(cluster()), from, from + HOUR), ...pieces];
    expect(a.length).toBeGreaterThan(1000);
    expect(b.map(idOf)).toEqual(a.map(idOf));
    expect(b.map((e) => e.message)).toEqual(a.map((e) => e.message));
    expect(read(8, cluster(), from, from + HOUR).map((e) => e.message)).not.toEqual(a.slice(0, 10).map((e) => e.message));
  });

  it('orders entries by time and gives each a unique id that names its position', () => {
    const entries = read(7, cluster(), T0 + 2 * HOUR, T0 + 4 * HOUR);
    const ids = entries.map(idOf);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < entries.length; i++) expect(after(entries[i]!, entries[i - 1]!)).toBe(true);
    const mid = entries[500]!;
    expect(cursorOf(idOf(mid))).toEqual({ t: mid.t, tag: mid.tag });
    expect(cursorOf('log_zz')).toBeNull();
  });

  it('renders the document’s Log entry, with gpu_id on GPU lines and stack traces on errors', () => {
    const c = cluster();
    const src = sourceOf(7, c);
    const entries = read(7, c, T0, T0 + 24 * HOUR);
    for (const e of entries.slice(0, 300)) expect(LogEntry.safeParse(render(src, e)).success).toBe(true);
    const types = new Set(entries.map((e) => e.type));
    expect([...types].sort()).toEqual(['application', 'audit', 'error', 'gpu', 'runtime', 'system']);
    const errors = entries.filter((e) => e.level === 'error');
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(render(src, e).stack_trace?.length).toBeGreaterThan(2);
    const boot = entries.filter((e) => e.tag.startsWith('gpuup'));
    expect(boot.map((e) => render(src, e).metadata.gpu_id)).toEqual(Array.from({ length: 8 }, (_, i) => gpuId(i)));
    expect(textLine(errors[0]!).split('\n').length).toBe(1 + errors[0]!.stack!.length);
  });

  it('writes training steps with a falling loss, evaluations and checkpoints', () => {
    const entries = read(7, cluster(), T0, T0 + 12 * HOUR);
    const steps = entries.filter((e) => e.message.startsWith('step '));
    const loss = (e: Raw) => Number(/loss ([0-9.]+)/.exec(e.message)![1]);
    expect(loss(steps[steps.length - 1]!)).toBeLessThan(loss(steps[0]!));
    expect(entries.some((e) => e.message.startsWith('Running evaluation'))).toBe(true);
    expect(entries.some((e) => e.message.startsWith('Checkpoint saved to /workspace/checkpoints/step_'))).toBe(true);
  });

  it('writes each stop phase at its start, and nothing after the stop completed', () => {
    const c = cluster();
    const start = T0 + 6 * HOUR + 7 * MIN + 1234;
    c.lifecycle = lifecycle('stop', start, c);
    const entries = read(7, c, T0, T0 + 48 * HOUR);
    let t = start;
    for (const [name, ms] of c.lifecycle.phases) {
      expect(entries.find((e) => e.message.startsWith(`Stop phase ${name}:`))?.t, name).toBe(t);
      t += ms;
    }
    const done = entries.find((e) => e.message.startsWith('Stop phase completed'))!;
    expect(done.t).toBe(t);
    expect(entries[entries.length - 1]).toBe(done);
    expect(entries.filter((e) => e.t > t)).toEqual([]);
    expect(entries.find((e) => e.message.startsWith('Stop requested'))?.type).toBe('audit');
    expect(entries.find((e) => e.message.startsWith('Received SIGTERM'))!.t).toBe(start + c.lifecycle.phases[0]![1]);
  });

  it('writes the restart phases, then a new boot', () => {
    const c = cluster();
    const start = T0 + 3 * HOUR;
    c.lifecycle = lifecycle('restart', start, c);
    const entries = read(7, c, T0, T0 + 5 * HOUR);
    const phases = entries.filter((e) => e.message.startsWith('Restart phase')).map((e) => e.message.split(':')[0]);
    expect(phases).toEqual([...c.lifecycle.phases.map(([n]) => `Restart phase ${n}`), 'Restart phase ready']);
    const boots = entries.filter((e) => e.tag === 'boot0').map((e) => e.t);
    const startingServices = start + c.lifecycle.phases.slice(0, -2).reduce((s, [, ms]) => s + ms, 0);
    expect(boots).toEqual([T0, startingServices]);
  });

  it('warns from gpu_driver when the metrics simulator has a GPU go above 85 °C, and each quarter hour it stays there', () => {
    const c = cluster({ id: 'cluster_unitHot0001' });
    const src = sourceOf(7, c);
    const from = T0 + 2 * HOUR;
    const to = T0 + 26 * HOUR;
    const s = seriesOf(src.m, from - MIN, to);
    // To a tenth, as the metrics routes answer it.
    const temp = (i: number, g: number) => r1(s.data[i * s.layout.width + g * GPU_WIDTH + G.temp]!);
    const expected: string[] = [];
    let sustained = 0;
    s.times.forEach((t, i) => {
      if (t < from) return;
      for (let g = 0; g < 8; g++) {
        if (temp(i, g) <= HOT_C) continue;
        const crossed = !(s.times[i - 1] === t - MIN && temp(i - 1, g) > HOT_C);
        if (!crossed) sustained++;
        if (crossed || t % (15 * MIN) === 0) expected.push(`${t} ${gpuId(g)} ${temp(i, g).toFixed(1)}`);
      }
    });
    const warned = read(7, c, from, to, (e) => e.tags.includes('thermal')).map((e) => {
      const r = render(src, e);
      expect(r.level).toBe('warn');
      expect(r.source).toBe('gpu_driver');
      expect(r.log_type).toBe('gpu');
      return `${e.t} ${r.metadata.gpu_id} ${/temperature ([0-9.]+)/.exec(r.message)![1]}`;
    });
    expect(expected.length).toBeGreaterThan(0);
    // The seed has GPUs that stay hot for a while: not every hot minute is repeated.
    expect(sustained).toBeGreaterThan(expected.length);
    expect(warned).toEqual(expected);
  });

  it('reads the same warn and error entries from the per-hour index as from the whole hours', () => {
    const c = cluster({ id: 'cluster_unitRare001' });
    const rare = (e: Raw) => e.level === 'warn' || e.level === 'error';
    // First through the index alone (nothing generated yet), then from the whole hours.
    const indexed = read(7, c, T0, T0 + 30 * HOUR, rare, true, new Set(['warn', 'error']));
    const whole = read(7, c, T0, T0 + 30 * HOUR, rare, true);
    expect(indexed.length).toBeGreaterThan(10);
    expect(indexed.map(idOf)).toEqual(whole.map(idOf));
    expect(indexed.map((e) => e.message)).toEqual(whole.map((e) => e.message));
  });

  it('writes each minute alone as its hour writes it (an id: search reads only the minutes its ids name)', () => {
    // The hot test's cluster (GPUs above 85 °C) with a stop, which no other test reads, so no cache
    // holds these hours: the minutes are generated one by one first. The range holds the boot,
    // evaluations, checkpoints, thermal warnings and the stop's phases.
    const c = cluster({ id: 'cluster_unitHot0001' });
    c.lifecycle = lifecycle('stop', T0 + 20 * HOUR + 7 * MIN + 1234, c);
    const src = sourceOf(7, c);
    const [from, to] = [T0, T0 + 26 * HOUR];
    const starts = new Set(Array.from({ length: (to - from) / MIN }, (_, i) => from + i * MIN));
    const alone: Raw[] = [];
    scanAt(
      src,
      starts,
      from,
      to,
      () => true,
      (e) => void alone.push(e),
      false,
    );
    const whole = read(7, c, from, to);
    expect(whole.length).toBeGreaterThan(20_000);
    for (const kind of ['thermal', 'checkpoint', 'boot', 'lifecycle'])
      expect(
        whole.some((e) => e.tags.includes(kind)),
        kind,
      ).toBe(true);
    expect(alone.map(idOf)).toEqual(whole.map(idOf));
    expect(alone.map((e) => e.message)).toEqual(whole.map((e) => e.message));
  });

  it('writes nothing for a cluster that never ran and nothing before a run started', () => {
    expect(read(7, cluster({ status: 'stopped', started_at: null }), T0, T0 + 24 * HOUR)).toEqual([]);
    const late = read(7, cluster(), T0 - 5 * HOUR, T0 + HOUR);
    expect(late[0]!.t).toBe(T0);
  });
});
