// How members and invitations read (01-accounts.md, Team member; Invitation): an invitation's
// `expired` is derived from the simulated clock when read, never stored (docs/decisions.md, Team).
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import type { Accounts } from '../state';
import type { StoredInvitation, StoredMember } from '../stored-schema';
import { type RoleDef } from '../permissions/roles';
import { avatarAddress } from '../profile/avatar-store';
import { teamExtrasByMember } from './extras';

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Where the invitee follows the invitation: under the console's address, as the seeded one. */
export const inviteUrlOf = (id: string) => `https://console.example.com/invitations/${id}`;

export const LIFETIME_MS = { '1d': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;

/** Still open: neither cancelled nor accepted. */
const isOpen = (inv: StoredInvitation) => inv.status !== 'cancelled' && inv.acceptedAt === null;

export const isExpired = (inv: StoredInvitation, now: number) => inv.expiresAt <= now;

/** The member's open invitation, by member id (one pass, for lists of thousands). */
export function openInvitations(accounts: Accounts): Map<string, StoredInvitation> {
  const byMember = new Map<string, StoredInvitation>();
  for (const inv of accounts.invitations) if (isOpen(inv)) byMember.set(inv.userId, inv);
  return byMember;
}

export function memberView(
  m: StoredMember,
  invitation: StoredInvitation | undefined,
  role: RoleDef | undefined,
  extras: readonly string[],
  avatar: string | null,
  now: number,
): TeamMember {
  const pending = m.status === 'pending' && invitation !== undefined;
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    username: m.username,
    avatar,
    role: m.role,
    // The role's own permissions, then the member's extras (a pending member's are the invitation's).
    permissions: [...new Set([...(role ? role.permissions : []), ...(pending ? invitation.permissions : extras)])],
    status: m.status,
    joinedAt: iso(m.joinedAt),
    lastActive: iso(m.lastActive),
    invitedAt: iso(m.invitedAt),
    invitationExpires: pending ? iso(invitation.expiresAt) : null,
    invitedBy: m.invitedBy,
    department: m.department,
    title: m.title,
    invitationId: pending ? invitation.id : null,
    invitationStatus: pending ? (isExpired(invitation, now) ? 'expired' : invitation.status === 'resent' ? 'resent' : 'sent') : null,
    inviteUrl: pending ? invitation.inviteUrl : null,
  };
}

/**
 * Each member's avatar address, by member id (one pass): at the origin the caller reached the
 * emulator at, as their profile answers it (profile/view.ts).
 */
export function avatarsByMember(accounts: Accounts, origin: string): Map<string, string> {
  const byMember = new Map<string, string>();
  for (const p of accounts.profiles) if (p.avatarId) byMember.set(p.memberId, avatarAddress(origin, p.avatarId));
  return byMember;
}

/** One member as the list shows them; `origin` as originOf (profile/view.ts) reads it. */
export function viewOf(
  accounts: Accounts,
  m: StoredMember,
  lookup: (name: string) => RoleDef | undefined,
  origin: string,
  now: number,
): TeamMember {
  const inv = accounts.invitations.find((i) => i.userId === m.id && isOpen(i));
  const avatarId = accounts.profiles.find((p) => p.memberId === m.id)?.avatarId;
  const avatar = avatarId ? avatarAddress(origin, avatarId) : null;
  return memberView(m, inv, lookup(m.role), teamExtrasByMember(accounts).get(m.id) ?? [], avatar, now);
}

export function invitationView(inv: StoredInvitation, now: number) {
  return {
    id: inv.id,
    userId: inv.userId,
    email: inv.email,
    role: inv.role,
    status: inv.status,
    expired: isOpen(inv) && isExpired(inv, now),
    expiresAt: iso(inv.expiresAt)!,
    inviteUrl: inv.inviteUrl,
    department: inv.department,
    title: inv.title,
    permissions: inv.permissions,
    message: inv.message,
    invitedBy: inv.invitedBy,
    createdAt: iso(inv.createdAt)!,
    resentAt: iso(inv.resentAt),
    cancelledAt: iso(inv.cancelledAt),
  };
}
