import { describe, expect, it } from 'vitest';
import {
  activeStepIndex,
  remainingMs,
  runPhases,
  type LifecycleKind,
} from '../../../renderer/src/features/clusters/clusters/lifecycle/phases';

type RunOptions = NonNullable<Parameters<typeof runPhases>[2]>;
/** The phases before the terminal one of a run the view started with these options. */
const planPhases = (kind: LifecycleKind, options: RunOptions) =>
  runPhases(kind, { phase: '', steps_completed: 0, total_steps: 0 }, options).slice(0, -1);

describe('planPhases', () => {
  it('follows the document order and leaves out what the run skips', () => {
    expect(planPhases('stop', { force: false, keepState: false })).toEqual([
      'notifying_processes',
      'waiting_for_graceful_exit',
      'terminating_resources',
      'cleaning_up',
    ]);
    expect(planPhases('stop', { force: false, keepState: true })).toEqual([
      'notifying_processes',
      'waiting_for_graceful_exit',
      'creating_snapshot',
      'terminating_resources',
      'cleaning_up',
    ]);
    expect(planPhases('stop', { force: true, keepState: false })).toEqual(['terminating_resources', 'cleaning_up']);
    expect(planPhases('restart', { force: false, keepState: true })).toEqual([
      'stopping_processes',
      'creating_checkpoint',
      'updating_configuration',
      'starting_services',
      'health_checks',
    ]);
  });
});

describe('runPhases', () => {
  it('uses the options the run was started with, terminal phase last', () => {
    expect(
      runPhases('stop', { phase: 'creating_snapshot', steps_completed: 2, total_steps: 5 }, { force: false, keepState: true }).at(-1),
    ).toBe('completed');
  });

  it('infers the plan from the step count and the current phase', () => {
    expect(runPhases('stop', { phase: 'notifying_processes', steps_completed: 0, total_steps: 4 })).not.toContain('creating_snapshot');
    expect(runPhases('stop', { phase: 'notifying_processes', steps_completed: 0, total_steps: 5 })).toContain('creating_snapshot');
    // Four restart steps are either graceful without checkpoint or forced with one: the phase at step 0 tells.
    expect(runPhases('restart', { phase: 'creating_checkpoint', steps_completed: 0, total_steps: 4 })).toEqual([
      'creating_checkpoint',
      'updating_configuration',
      'starting_services',
      'health_checks',
      'ready',
    ]);
    expect(runPhases('restart', { phase: 'stopping_processes', steps_completed: 0, total_steps: 4 })[0]).toBe('stopping_processes');
  });
});

describe('activeStepIndex', () => {
  it('marks the terminal phase as done', () => {
    const phases = ['a', 'b', 'completed'];
    expect(activeStepIndex(phases, 'b')).toBe(1);
    expect(activeStepIndex(phases, 'completed')).toBe(3);
  });
});

describe('remainingMs', () => {
  it('is the unfinished share of the run, whatever clock the service keeps', () => {
    const run = { started_at: '2026-03-01T10:00:00.000Z', estimated_completion_time: '2026-03-01T10:10:00.000Z', percentage: 25 };
    expect(remainingMs(run)).toBe(7.5 * 60_000);
    expect(remainingMs({ ...run, percentage: 100 })).toBe(0);
  });
});
