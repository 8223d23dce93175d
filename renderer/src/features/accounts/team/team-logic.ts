// The Team page's rules, pure so they are tested on their own: a member's state as of the
// server's now (an invitation's expiry is read off the clock, never stored), the filters over
// the loaded list, who a bulk action may include, and the words for an invitation's expiry.
import type { TeamMember } from '../../../../../shared/api/accounts/team';

/** What the status column and filter say: a pending member whose invitation has passed its expiry is `expired`. */
export type MemberState = 'active' | 'pending' | 'expired' | 'suspended';
export const MEMBER_STATES: readonly MemberState[] = ['active', 'pending', 'expired', 'suspended'];

export const STATE_LABEL: Record<MemberState, string> = {
  active: 'Active',
  pending: 'Invited',
  expired: 'Invitation expired',
  suspended: 'Suspended',
};

/** The member's state at `now` (the server's time): the clock decides expiry even between reads of the list. */
export function memberState(m: Pick<TeamMember, 'status' | 'invitationExpires' | 'invitationStatus'>, now: number): MemberState {
  if (m.status === 'suspended') return 'suspended';
  if (m.status !== 'pending') return 'active';
  if (m.invitationStatus === 'expired') return 'expired';
  return m.invitationExpires !== null && Date.parse(m.invitationExpires) <= now ? 'expired' : 'pending';
}

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

function span(ms: number): string {
  if (ms >= DAY) {
    const days = Math.round(ms / DAY);
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  if (ms >= HOUR) {
    const hours = Math.round(ms / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** "Expires in 6 days", "Expired 2 hours ago"; null for a member who is not invited. */
export function invitationExpiryText(m: Pick<TeamMember, 'status' | 'invitationExpires'>, now: number): string | null {
  if (m.status !== 'pending' || m.invitationExpires === null) return null;
  const left = Date.parse(m.invitationExpires) - now;
  return left > 0 ? `Expires in ${span(left)}` : `Expired ${span(-left)} ago`;
}

export interface TeamFilters {
  /** A role's name, or '' for every role. */
  role: string;
  /** A state, or '' for every state. */
  status: MemberState | '';
  /** Free text over name, email, username, department and title. */
  q: string;
}

/** The text a member is found by, lower-cased once per list (5,000 members filter in a few ms). */
export function searchText(m: TeamMember): string {
  return [m.name, m.email, m.username, m.department, m.title].filter(Boolean).join('\n').toLowerCase();
}

/**
 * The members the filters let through, in the list's order. `text` is searchText per member,
 * computed once for the loaded list.
 */
export function filterMembers(
  members: readonly TeamMember[],
  filters: TeamFilters,
  now: number,
  text: (m: TeamMember) => string = searchText,
): TeamMember[] {
  const words = filters.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return members.filter(
    (m) =>
      (filters.role === '' || m.role === filters.role) &&
      (filters.status === '' || memberState(m, now) === filters.status) &&
      (words.length === 0 || words.every((w) => text(m).includes(w))),
  );
}

const orders = new WeakMap<readonly TeamMember[], TeamMember[]>();

/** The owner first, then people by name (an invited one by address); sorted once per loaded list. */
export function teamOrder(members: readonly TeamMember[]): TeamMember[] {
  const known = orders.get(members);
  if (known) return known;
  const keys = new Map(members.map((m) => [m, (m.name ?? m.email).toLowerCase()]));
  const collator = new Intl.Collator();
  const sorted = [...members].sort(
    (a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || collator.compare(keys.get(a)!, keys.get(b)!),
  );
  orders.set(members, sorted);
  return sorted;
}

/**
 * Why a member cannot be in a bulk selection, or null when they can: the owner cannot be
 * changed by anyone, and the caller does not act on themselves (`selfId`, when known).
 */
export function bulkExclusion(m: Pick<TeamMember, 'id' | 'role'>, selfId: string | null): string | null {
  if (m.role === 'owner') return 'The account owner cannot be changed';
  if (selfId !== null && m.id === selfId) return 'You cannot change yourself in a bulk action';
  return null;
}

/** Why a member's role cannot be changed in place, or null: the owner's never, nor your own. */
export function roleLock(m: Pick<TeamMember, 'id' | 'role'>, selfId: string | null): string | null {
  if (m.role === 'owner') return 'The owner role cannot be changed';
  if (selfId !== null && m.id === selfId) return 'You cannot change your own role';
  return null;
}

/** The selection a bulk action applies to: the chosen members the current filter shows, never the excluded. */
export function effectiveSelection(selected: ReadonlySet<string>, visible: readonly TeamMember[], selfId: string | null): TeamMember[] {
  if (selected.size === 0) return [];
  return visible.filter((m) => selected.has(m.id) && bulkExclusion(m, selfId) === null);
}

/** The header checkbox: every member the filter shows (that may be chosen), or none when all of them already are. */
export function toggleAllVisible(selected: ReadonlySet<string>, visible: readonly TeamMember[], selfId: string | null): Set<string> {
  const choosable = visible.filter((m) => bulkExclusion(m, selfId) === null);
  const all = choosable.length > 0 && choosable.every((m) => selected.has(m.id));
  return all ? new Set() : new Set(choosable.map((m) => m.id));
}

/** Whether every choosable member the filter shows is chosen ('all'), some are ('some'), or none. */
export function headerCheck(selected: ReadonlySet<string>, visible: readonly TeamMember[], selfId: string | null): 'all' | 'some' | 'none' {
  const chosen = effectiveSelection(selected, visible, selfId).length;
  if (chosen === 0) return 'none';
  return chosen === visible.filter((m) => bulkExclusion(m, selfId) === null).length ? 'all' : 'some';
}

/** The list in pieces of at most `size` (one bulk request's bound). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
