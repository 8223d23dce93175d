// A grant's expiry as a countdown on the server's clock ("expires in 2 h 14 min"), and its state
// as of now: an active grant past its expiry reads as expired at once, before the list is read
// again (the emulator derives it the same way, from its simulated clock).
import type { Grant, GrantStatus } from '../../../../../../shared/api/accounts/grants';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span in its two largest units: "3 d 4 h", "2 h 14 min", "12 min", "45 s".
 * @internal Exported for its tests only.
 */
export function spanWords(ms: number): string {
  const span = Math.max(0, ms);
  if (span < MINUTE) return `${Math.max(1, Math.floor(span / 1000))} s`;
  const d = Math.floor(span / DAY);
  const h = Math.floor((span % DAY) / HOUR);
  const m = Math.floor((span % HOUR) / MINUTE);
  if (d) return h ? `${d} d ${h} h` : `${d} d`;
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}

/** "expires in 2 h 14 min", "expired 5 min ago", "no expiry". */
export function expiryText(expiresAt: string | null, now: number): string {
  if (!expiresAt) return 'no expiry';
  const at = Date.parse(expiresAt);
  return at > now ? `expires in ${spanWords(at - now)}` : `expired ${spanWords(now - at)} ago`;
}

/** The grant's state now: revoked stays revoked; an active grant past its expiry is expired. */
export function grantStateAt(grant: Pick<Grant, 'status' | 'expiresAt'>, now: number): GrantStatus {
  if (grant.status !== 'active') return grant.status;
  return grant.expiresAt && Date.parse(grant.expiresAt) <= now ? 'expired' : 'active';
}

/** How often a countdown must tick to stay right: every second in its last two minutes, else every 15 s. */
export function tickFor(expiries: ReadonlyArray<string | null>, now: number): number {
  const soon = expiries.some((e) => e !== null && Date.parse(e) > now && Date.parse(e) - now < 2 * MINUTE);
  return soon ? 1_000 : 15_000;
}
