// Shared bits of the proxy forms: numbers typed as text, per-entry IP/CIDR checks with the
// shared IpOrCidr schema, and range wording for zod issues.
import { plainMessage, type Issue } from '../../../../components/form/field-errors';
import { IpOrCidr } from '../../../../../../shared/api/clusters/common';

/** A typed number, or the raw text when it is not one so the caller can say so. */
export function parseWhole(value: string): number | string | undefined {
  const t = value.trim();
  if (t === '') return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/** The entries kept: trimmed, blank ones dropped. */
export function ipEntries(entries: readonly string[]): string[] {
  return entries.map((e) => e.trim()).filter((e) => e !== '');
}

/** One message per entry (undefined when valid or blank), from the same schema the API uses. */
export function ipEntryErrors(entries: readonly string[]): Array<string | undefined> {
  return entries.map((e) => {
    const t = e.trim();
    if (t === '') return undefined;
    const r = IpOrCidr.safeParse(t);
    return r.success ? undefined : 'Not an IPv4/IPv6 address or CIDR range (e.g. 10.0.0.0/8)';
  });
}

export type Errors = Record<string, string>;

/**
 * "a whole number from 1 to 100,000" wording for range and type issues (ports without
 * thousands separators: 65535 is a port, not a quantity); plain words otherwise.
 */
export function rangeMessage(issue: Issue, what: string, min: number, max: number, { grouping = true } = {}): string {
  const n = (v: number) => (grouping ? v.toLocaleString('en-US') : String(v));
  if (issue.code === 'too_small' || issue.code === 'too_big' || issue.code === 'invalid_type')
    return `${what} is a whole number from ${n(min)} to ${n(max)}`;
  return plainMessage(issue);
}
