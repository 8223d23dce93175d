// The clock panel's inputs in plain words: a step typed as a number and a unit, checked against
// the route's bound (CLOCK_ADVANCE_MAX_SECONDS), and a speed typed as a number, checked against
// CLOCK_SPEED_MAX — the same schemas the bridge and the emulator check.
import { CLOCK_ADVANCE_MAX_SECONDS, CLOCK_SPEED_MAX, ClockAdvanceRequest, ClockSpeedRequest } from '../../../../shared/api/emulator-admin';

export const DURATION_UNITS = [
  { id: 'minutes', label: 'minutes', seconds: 60 },
  { id: 'hours', label: 'hours', seconds: 3600 },
  { id: 'days', label: 'days', seconds: 86_400 },
] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number]['id'];

export const ADVANCE_PRESETS = [
  { label: '1 min', seconds: 60 },
  { label: '10 min', seconds: 600 },
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86_400 },
] as const;

export const SPEED_PRESETS = [1, 10, 60, 600] as const;

const MAX_DAYS = CLOCK_ADVANCE_MAX_SECONDS / 86_400;
export const ADVANCE_RULE = `Up to ${MAX_DAYS} days per step`;
export const SPEED_RULE = `Above 0, up to ${CLOCK_SPEED_MAX.toLocaleString('en-US')}×`;

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

const NUMBER_RE = /^\d+(\.\d+)?$/;

/** A step of `amount` `unit`s, in seconds. */
export function parseStep(amount: string, unit: DurationUnit): Parsed {
  const text = amount.trim();
  if (text === '') return { ok: false, error: 'Enter how long to move forward' };
  if (!NUMBER_RE.test(text)) return { ok: false, error: 'Enter a number, e.g. 3 or 1.5' };
  const seconds = Math.round(Number(text) * DURATION_UNITS.find((u) => u.id === unit)!.seconds);
  if (seconds <= 0) return { ok: false, error: 'Enter more than 0' };
  if (!ClockAdvanceRequest.safeParse({ seconds }).success) return { ok: false, error: `At most ${MAX_DAYS} days per step` };
  return { ok: true, value: seconds };
}

/** A speed typed as "25" or "0.5" (a trailing × is accepted). */
export function parseSpeed(input: string): Parsed {
  const text = input.trim().replace(/[x×]$/i, '').trim();
  if (text === '') return { ok: false, error: 'Enter a speed' };
  if (!NUMBER_RE.test(text)) return { ok: false, error: 'Enter a number, e.g. 120 or 0.5' };
  const speed = Number(text);
  if (ClockSpeedRequest.safeParse({ speed }).success) return { ok: true, value: speed };
  return { ok: false, error: speed <= 0 ? 'Enter more than 0' : `At most ${CLOCK_SPEED_MAX.toLocaleString('en-US')}×` };
}

/** "1 h 30 min", "2 days", "45 s": how far a step or an offset moves the clock. */
export function formatDuration(seconds: number): string {
  const s = Math.round(Math.abs(seconds));
  if (s === 0) return '0 s';
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const parts: string[] = [];
  if (days) parts.push(days === 1 ? '1 day' : `${days.toLocaleString('en-US')} days`);
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  if (rest && !days) parts.push(`${rest} s`);
  return parts.slice(0, 2).join(' ');
}

/** "1×", "600×", "0.5×". */
export const formatSpeed = (speed: number): string => `${speed.toLocaleString('en-US', { maximumFractionDigits: 3 })}×`;

/** What a speed means in plain words: "1 real second = 10 simulated minutes". */
export function speedMeaning(speed: number): string {
  if (speed === 1) return 'Simulated time runs as fast as real time';
  if (speed < 60) return `1 real second = ${speed.toLocaleString('en-US', { maximumFractionDigits: 3 })} simulated seconds`;
  return `1 real second = ${formatDuration(speed)} simulated`;
}

/** Simulated now, from the last answer of the clock and the real time passed since. */
export function simulatedNow(clock: { now: string; speed: number }, readAt: number, realNow: number, maxMs: number): number {
  return Math.min(maxMs, Date.parse(clock.now) + Math.max(0, realNow - readAt) * clock.speed);
}
