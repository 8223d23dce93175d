// The caller's profile as the API answers it (01-accounts.md, Profile): the member's own fields
// from the team (email, name, username), the rest from their stored profile, and preferences
// that default to the account's until the member sets their own.
import type { Profile, ProfilePreferences } from '../../../../../shared/api/accounts/profile';
import type { Caller } from '../../../core/area';
import { callerMemberOf } from '../permissions/member';
import type { Accounts } from '../state';
import type { StoredMember, StoredProfile } from '../stored-schema';
import { avatarAddress } from './avatar-store';

const iso = (ms: number) => new Date(ms).toISOString();

/** The member behind the calling key (the owner key's is the account owner). */
export function callerOf(accounts: Accounts, key: Caller): StoredMember {
  const m = callerMemberOf(accounts, key);
  // The pipeline admitted the key, so its member is on the team (a removed member's keys are refused).
  if (!m) throw new Error(`the key ${key.id} names no member`);
  return m;
}

const storedProfileOf = (accounts: Accounts, memberId: string): StoredProfile | undefined =>
  accounts.profiles.find((p) => p.memberId === memberId);

/** A member's profile to change: their stored one, or a new empty one added to the list. */
export function editableProfileOf(accounts: Accounts, memberId: string, now: number): StoredProfile {
  let p = storedProfileOf(accounts, memberId);
  if (!p) {
    p = {
      memberId,
      bio: null,
      location: null,
      website: null,
      social: null,
      code_host: null,
      avatarId: null,
      preferences: null,
      updatedAt: now,
    };
    accounts.profiles.push(p);
  }
  return p;
}

/** The member's preferences, or the account's where they set none (its `auto` theme reads as light: a profile has two). */
export function preferencesOf(accounts: Accounts, p: StoredProfile | undefined): ProfilePreferences {
  if (p?.preferences) return p.preferences;
  const account = accounts.settings.preferences;
  return {
    timezone: account.timezone,
    language: account.language,
    theme: account.theme === 'dark' ? 'dark' : 'light',
    emailNotifications: true,
    chatNotifications: false,
  };
}

export function profileView(accounts: Accounts, m: StoredMember, origin: string): Profile {
  const p = storedProfileOf(accounts, m.id);
  const createdAt = m.joinedAt ?? m.invitedAt ?? accounts.account.createdAt;
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    username: m.username,
    avatar: p?.avatarId ? avatarAddress(origin, p.avatarId) : null,
    bio: p?.bio ?? null,
    location: p?.location ?? null,
    website: p?.website ?? null,
    social: p?.social ?? null,
    code_host: p?.code_host ?? null,
    createdAt: iso(createdAt),
    updatedAt: iso(Math.max(createdAt, p?.updatedAt ?? createdAt)),
    // Only an active member has a key that reaches here, and becoming active means answering the invitation's email.
    verified: m.status === 'active',
    plan: accounts.account.plan,
    preferences: preferencesOf(accounts, p),
  };
}

/** The origin the caller reached the emulator at, from its Host header (a safe host only), for the avatar's address. */
export function originOf(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const host = headers.host;
  return `http://${typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : '127.0.0.1'}`;
}
