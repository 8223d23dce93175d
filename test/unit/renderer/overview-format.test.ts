import { describe, expect, it } from 'vitest';
import {
  alertFigures,
  alertsByUrgency,
  liveClusters,
  meanUtilisation,
  monthlyRangeText,
  offsetText,
  simulatedNow,
  spendToday,
  unhealthyEndpoints,
} from '../../../renderer/src/features/overview/overview-format';

const entry = (cost: number) => ({ date: '2026-11-27T00:00:00Z', cost, computeHours: 0, executions: 0, dataTransfer: 0, resources: {} });

describe('overview figures', () => {
  it("adds today's buckets into today's spend", () => {
    expect(spendToday({ timeline: [] })).toBe(0);
    expect(spendToday({ timeline: [entry(12.5), entry(0.25)] })).toBeCloseTo(12.75, 10);
  });

  it('writes an alert against its threshold in its unit', () => {
    expect(alertFigures({ type: 'cost', current: 1234.5, threshold: 2000 })).toBe('$1,234.50 of $2,000.00');
    expect(alertFigures({ type: 'compute_hours', current: 12.54, threshold: 40 })).toBe('12.5 of 40 GPU-hours');
  });

  it('lists enabled alerts, triggered first, then the nearest to their threshold', () => {
    const a = (id: string, status: 'ok' | 'warning' | 'triggered', percentage: number, enabled = true) => ({
      id,
      status,
      percentage,
      enabled,
    });
    const sorted = alertsByUrgency([
      a('ok', 'ok', 50),
      a('warn', 'warning', 85),
      a('off', 'triggered', 200, false),
      a('hit', 'triggered', 120),
      a('near', 'ok', 70),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(['hit', 'warn', 'near', 'ok']);
  });

  it("says the month's prediction interval with its level", () => {
    expect(monthlyRangeText({ monthlyRange: { low: 1200, high: 1450.5 }, confidence: 0.8 })).toBe('$1,200.00 – $1,450.50 (80 % likely)');
    expect(monthlyRangeText({ monthlyRange: { low: 1, high: 2 }, confidence: 0.8 }, 'EUR')).toBe('€1.00 – €2.00 (80 % likely)');
  });

  it('shows the running clusters with the most GPUs, then by name', () => {
    const c = (name: string, count: number) => ({ name, gpu: { count } });
    const shown = liveClusters([c('b', 2), c('a', 2), c('big', 8), c('one', 1)], 3);
    expect(shown.map((x) => x.name)).toEqual(['big', 'a', 'b']);
  });

  it('averages the GPUs to one decimal, none without GPUs', () => {
    expect(meanUtilisation([])).toBeNull();
    expect(meanUtilisation([10, 20, 30.5])).toBe(20.2);
  });

  it('names the endpoints to look at, the worst first', () => {
    const e = (name: string, health: 'healthy' | 'degraded' | 'unhealthy' | 'error' | 'starting' | 'stopped') => ({ name, health });
    const list = unhealthyEndpoints([
      e('ok', 'healthy'),
      e('slow', 'degraded'),
      e('down', 'unhealthy'),
      e('up', 'starting'),
      e('broken', 'error'),
      e('off', 'stopped'),
    ]);
    expect(list.map((x) => x.name)).toEqual(['down', 'broken', 'slow']);
  });

  it("runs the emulator's clock forward at its speed from the read", () => {
    const clock = { now: '2026-11-27T12:00:00.000Z', speed: 60 };
    expect(simulatedNow(clock, 1_000, 1_000)).toBe(Date.parse(clock.now));
    expect(new Date(simulatedNow(clock, 1_000, 3_000)).toISOString()).toBe('2026-11-27T12:02:00.000Z');
    // A read answered after this machine's clock moved back never runs the clock backwards.
    expect(simulatedNow(clock, 5_000, 4_000)).toBe(Date.parse(clock.now));
  });

  it("says how far the emulator's clock is from real time", () => {
    expect(offsetText(0)).toBe('in step with real time');
    expect(offsetText(59)).toBe('in step with real time');
    expect(offsetText(3 * 86_400 + 4 * 3_600 + 120)).toBe('3 days 4 hours ahead of real time');
    expect(offsetText(86_400)).toBe('1 day ahead of real time');
    expect(offsetText(3_660)).toBe('1 hour 1 minute ahead of real time');
    expect(offsetText(-120)).toBe('2 minutes behind real time');
  });
});
