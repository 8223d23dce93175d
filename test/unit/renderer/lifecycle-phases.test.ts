import { describe, expect, it } from 'vitest';
import {
  remainingMs,
  runPhases,
  stepPosition,
  type LifecycleKind,
  type RunOptions,
} from '../../../renderer/src/features/clusters/clusters/lifecycle/phases';

/** The steps of a run the view started with these options. */
const planPhases = (kind: LifecycleKind, options: Omit<RunOptions, 'running'> & { running?: boolean }) =>
  runPhases(kind, { phase: '', steps_completed: 0, total_steps: 0 }, { running: true, ...options });

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

  it('restarts a cluster that ran nothing (stopped, failed) from the start phases', () => {
    const start = ['updating_configuration', 'starting_services', 'health_checks'];
    expect(planPhases('restart', { force: false, keepState: false, running: false })).toEqual(start);
    expect(planPhases('restart', { force: false, keepState: true, running: false })).toEqual(start);
    // The same run followed by a view that did not start it: inferred from its three steps.
    expect(runPhases('restart', { phase: 'updating_configuration', steps_completed: 0, total_steps: 3 })).toEqual(start);
  });
});

describe('runPhases', () => {
  it('uses the options the run was started with; the terminal phase is not a step', () => {
    const steps = runPhases(
      'stop',
      { phase: 'creating_snapshot', steps_completed: 2, total_steps: 5 },
      { force: false, keepState: true, running: true },
    );
    expect(steps).toHaveLength(5);
    expect(steps).not.toContain('completed');
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
    ]);
    expect(runPhases('restart', { phase: 'stopping_processes', steps_completed: 0, total_steps: 4 })[0]).toBe('stopping_processes');
  });
});

describe('stepPosition', () => {
  it('counts the same steps the stepper draws, and marks every one done at the terminal phase', () => {
    // A graceful stop without a snapshot: four steps, as the service's total_steps says.
    const steps = runPhases('stop', { phase: 'notifying_processes', steps_completed: 0, total_steps: 4 });
    expect(steps).toHaveLength(4);
    expect(stepPosition(steps, 'notifying_processes')).toEqual({ active: 0, total: 4, ordinal: 1 });
    expect(stepPosition(steps, 'cleaning_up')).toEqual({ active: 3, total: 4, ordinal: 4 });
    expect(stepPosition(steps, 'completed')).toEqual({ active: 4, total: 4, ordinal: 4 });
  });
});

describe('remainingMs', () => {
  it('is the unfinished share of the run, whatever clock the service keeps', () => {
    const run = { started_at: '2026-03-01T10:00:00.000Z', estimated_completion_time: '2026-03-01T10:10:00.000Z', percentage: 25 };
    expect(remainingMs(run)).toBe(7.5 * 60_000);
    expect(remainingMs({ ...run, percentage: 100 })).toBe(0);
  });
});
