// A write-only value (a webhook secret, an access token, an API key) as an editor holds it. The
// API never answers one back: it reads as REDACTED when set, null when not. The editor never
// puts those asterisks in a text box; it shows "Set" / "Not set" and offers to replace or clear
// it, and a Save sends REDACTED (keep), null (clear) or the new value (replace).
import { REDACTED } from '../../../../../shared/api/accounts/settings';

export type WriteOnly = { change: 'keep' } | { change: 'clear' } | { change: 'replace'; value: string };

export const KEEP: WriteOnly = { change: 'keep' };

/** Whether the value read is set (REDACTED) or not (null). */
export const isSet = (read: string | null): boolean => read !== null;

/** The value the request carries: what was read when kept (so a diff leaves it out), null when cleared, the new value when replaced. */
export function writeOnlyRequest(read: string | null, value: WriteOnly): string | null {
  if (value.change === 'clear') return null;
  if (value.change === 'replace') return value.value;
  return read === null ? null : REDACTED;
}

/** What the editor says about it: what it is now and what a Save would do. */
export function writeOnlyStatus(read: string | null, value: WriteOnly): string {
  if (value.change === 'replace') return isSet(read) ? 'Will be replaced on Save' : 'Will be set on Save';
  if (value.change === 'clear') return isSet(read) ? 'Will be cleared on Save' : 'Not set';
  return isSet(read) ? 'Set' : 'Not set';
}
