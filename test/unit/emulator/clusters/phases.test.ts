import { describe, expect, it } from 'vitest';
import { endOf, phaseEnd, planRestart, planStop, progressAt } from '../../../../main/emulator/areas/clusters/sim/phases';

const base = { seed: 42, clusterId: 'cluster_abc', startedAt: 1_000_000, force: false, gracePeriodMinutes: 5, keepState: false };
const S = 1000;

describe('stop and restart plans', () => {
  it('keeps the document order and every duration inside its range', () => {
    const stop = planStop({ ...base, keepState: true });
    expect(stop.map(([p]) => p)).toEqual([
      'notifying_processes',
      'waiting_for_graceful_exit',
      'creating_snapshot',
      'terminating_resources',
      'cleaning_up',
    ]);
    const ranges: Record<string, [number, number]> = {
      notifying_processes: [10, 30],
      waiting_for_graceful_exit: [60, 900],
      creating_snapshot: [30, 300],
      terminating_resources: [30, 60],
      cleaning_up: [10, 30],
      stopping_processes: [60, 600],
      creating_checkpoint: [30, 300],
      updating_configuration: [60, 180],
      starting_services: [30, 120],
      health_checks: [30, 60],
    };
    const restart = planRestart({ ...base, keepState: true });
    expect(restart.map(([p]) => p)).toEqual([
      'stopping_processes',
      'creating_checkpoint',
      'updating_configuration',
      'starting_services',
      'health_checks',
    ]);
    for (const seed of [1, 2, 3, 99]) {
      for (const [phase, ms] of [...planStop({ ...base, seed, keepState: true }), ...planRestart({ ...base, seed, keepState: true })]) {
        expect(ms / S, phase).toBeGreaterThanOrEqual(ranges[phase]![0]);
        expect(ms / S, phase).toBeLessThanOrEqual(ranges[phase]![1]);
      }
    }
  });

  it('uses the grace period, capped, for the graceful wait; force drops the graceful phases', () => {
    const wait = (g: number) => planStop({ ...base, gracePeriodMinutes: g }).find(([p]) => p === 'waiting_for_graceful_exit')![1] / 60_000;
    expect([wait(0), wait(5), wait(30)]).toEqual([1, 5, 15]);
    expect(planStop({ ...base, force: true }).map(([p]) => p)).toEqual(['terminating_resources', 'cleaning_up']);
    expect(planRestart({ ...base, force: true }).map(([p]) => p)).toEqual(['updating_configuration', 'starting_services', 'health_checks']);
  });

  it('restarts a cluster that runs nothing (stopped, error) from the start phases, graceful or not', () => {
    const start = ['updating_configuration', 'starting_services', 'health_checks'];
    expect(planRestart({ ...base, keepState: true, running: false }).map(([p]) => p)).toEqual(start);
    expect(planRestart({ ...base, running: false }).map(([p]) => p)).toEqual(start);
  });

  it('is deterministic from the seed, the cluster and the start', () => {
    expect(planStop(base)).toEqual(planStop(base));
    expect(planRestart(base)).toEqual(planRestart(base));
    const others = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(planStop({ ...base, seed })));
    expect(new Set(others).size).toBeGreaterThan(1);
  });
});

describe('progress computed when read', () => {
  const op = {
    kind: 'stop' as const,
    started_at: 0,
    phases: [
      ['notifying_processes', 20 * S],
      ['waiting_for_graceful_exit', 60 * S],
      ['cleaning_up', 20 * S],
    ] as Array<[string, number]>,
  };

  it('walks the phases and completes', () => {
    expect(progressAt(op, 0)).toMatchObject({
      phase: 'notifying_processes',
      percentage: 0,
      steps_completed: 0,
      total_steps: 3,
      done: false,
    });
    expect(progressAt(op, 50 * S)).toMatchObject({ phase: 'waiting_for_graceful_exit', percentage: 50, steps_completed: 1 });
    expect(progressAt(op, 99 * S)).toMatchObject({ phase: 'cleaning_up', percentage: 99, steps_completed: 2 });
    expect(progressAt(op, 100 * S)).toMatchObject({ phase: 'completed', percentage: 100, steps_completed: 3, done: true });
    expect(progressAt({ ...op, kind: 'restart' }, 200 * S).phase).toBe('ready');
    expect(endOf(op)).toBe(100 * S);
    expect(phaseEnd(op, 'waiting_for_graceful_exit')).toBe(80 * S);
    expect(phaseEnd(op, 'creating_snapshot')).toBeNull();
  });
});
