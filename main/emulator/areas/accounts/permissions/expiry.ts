// The end a grant or share may be given: a time ahead of the simulated now (what has already
// passed would create something expired from the start).
import { validationError } from '../../../core/errors';

/** An `expiresAt` the caller sent, in ms; it must lie ahead of the simulated now. */
export function futureTime(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (!(ms > now)) throw validationError('expiresAt', `must be after the current time ${new Date(now).toISOString()}`);
  return ms;
}
