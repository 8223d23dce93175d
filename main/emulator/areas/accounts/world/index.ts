// The accounts part of the seeded world: a `pro` account, its owner and members of every
// role, a pending invitation, keys of several kinds with synthetic usage history, and a key of
// its own for a member of each assignable role.
import type { AccountsState, StoredAccount, StoredInvitation, StoredKey, StoredMember } from '../stored-schema';
import type { KeyPermission } from '../../../../../shared/api/common';
import type { WorldDraft } from '../../../core/area';
import { hashKey, keyIdOf, keyPrefix, makeKeyValue, type KeyEnv } from '../../../core/ids';
import { Rng } from '../../../core/rng';
import { generatedMembers } from './generated-members';
import { syntheticUsage } from './usage-history';
import { allAccessKey } from '../owner-key';

const DAY = 86_400_000;
const ALL_SCOPES = ['endpoints', 'clusters', 'billing', 'accounts'] as const;

interface SeedKey {
  name: string;
  label: string;
  env: KeyEnv;
  permissions: KeyPermission[];
  scopes: StoredKey['scopes'];
  ageDays: number;
  expiresInDays?: number;
  revokedDaysAgo?: number;
  rateLimit?: StoredKey['rateLimit'];
}

/** The seeded keys; their names are the keys of `Emulator.seededKeys`. */
const SEED_KEYS: readonly SeedKey[] = [
  { name: 'readOnly', label: 'Dashboard (read-only)', env: 'live', permissions: ['read'], scopes: [...ALL_SCOPES], ageDays: 120 },
  { name: 'readWrite', label: 'CI deploys', env: 'live', permissions: ['read', 'write'], scopes: [...ALL_SCOPES], ageDays: 200 },
  { name: 'execute', label: 'Inference runner', env: 'prod', permissions: ['execute'], scopes: ['endpoints'], ageDays: 60 },
  {
    name: 'service',
    label: 'Cluster automation',
    env: 'prod',
    permissions: ['read', 'write', 'execute'],
    scopes: ['endpoints', 'clusters'],
    ageDays: 45,
  },
  {
    name: 'development',
    label: 'Local development',
    env: 'dev',
    permissions: ['read', 'write'],
    scopes: ['endpoints', 'clusters'],
    ageDays: 20,
    expiresInDays: 70,
  },
  {
    name: 'limited',
    label: 'Rate-limited test key',
    env: 'test',
    permissions: ['read', 'write'],
    scopes: [...ALL_SCOPES],
    ageDays: 30,
    rateLimit: { reads: 5, writes: 3, executions: 0 },
  },
  {
    name: 'expired',
    label: 'Old staging key',
    env: 'test',
    permissions: ['read', 'write'],
    scopes: [...ALL_SCOPES],
    ageDays: 100,
    expiresInDays: -10,
  },
  {
    name: 'revoked',
    label: 'Leaked laptop key',
    env: 'live',
    permissions: ['read', 'write'],
    scopes: [...ALL_SCOPES],
    ageDays: 150,
    revokedDaysAgo: 20,
  },
];

const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Katherine', 'Dennis', 'Barbara', 'Ken', 'Frances'];
const LAST = ['Lovelace', 'Hopper', 'Torvalds', 'Hamilton', 'Turing', 'Johnson', 'Ritchie', 'Liskov', 'Thompson', 'Allen'];

function member(rng: Rng, role: StoredMember['role'], now: number, ownerId: string | null): StoredMember {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const username = `${first}.${last}`.toLowerCase();
  const joinedAt = now - rng.int(30, 400) * DAY;
  return {
    id: `usr_${rng.base62(10)}`,
    email: `${username}@example.com`,
    name: `${first} ${last}`,
    username,
    role,
    status: 'active',
    joinedAt,
    lastActive: now - rng.int(1, 72) * 3_600_000,
    invitedAt: ownerId ? joinedAt - DAY : null,
    invitedBy: ownerId,
    department: rng.pick(['Research', 'Platform', 'ML Ops', 'Product']),
    title: rng.pick(['Engineer', 'Researcher', 'Lead', 'Analyst']),
    removedAt: null,
  };
}

/** The accounts part of the world; the seeded keys' plain values go to `draft.seededKeys`, never into the state. */
export function buildAccountsWorld(draft: WorldDraft): AccountsState {
  const { seed, now } = draft;
  const rng = Rng.derive(seed, 'accounts');
  const owner = member(rng, 'owner', now, null);
  owner.joinedAt = now - 400 * DAY;
  const members: StoredMember[] = [owner];
  for (const role of ['admin', 'developer', 'developer', 'viewer'] as const) members.push(member(rng, role, now, owner.id));
  const pendingId = `usr_${rng.base62(10)}`;
  const invitedAt = now - 2 * DAY;
  members.push({
    id: pendingId,
    email: 'new.hire@example.com',
    name: null,
    username: null,
    role: 'developer',
    status: 'pending',
    joinedAt: null,
    lastActive: null,
    invitedAt,
    invitedBy: owner.id,
    department: 'Research',
    title: 'Engineer',
    removedAt: null,
  });
  const invitationId = `inv_${rng.base62(10)}`;
  const invitation: StoredInvitation = {
    id: invitationId,
    userId: pendingId,
    email: 'new.hire@example.com',
    role: 'developer',
    status: 'sent',
    createdAt: invitedAt,
    expiresAt: invitedAt + 7 * DAY,
    inviteUrl: `https://console.example.com/invitations/${invitationId}`,
    lifetime: '7d',
    department: 'Research',
    title: 'Engineer',
    message: null,
    permissions: [],
    invitedBy: owner.id,
    resentAt: null,
    cancelledAt: null,
    acceptedAt: null,
  };

  const keyRng = Rng.derive(seed, 'accounts.keys');
  const usageRng = Rng.derive(seed, 'accounts.usage');
  const seededKeys = draft.seededKeys;
  const keys: StoredKey[] = [];
  const usage: AccountsState['usage'] = {};
  for (const spec of SEED_KEYS) {
    const value = makeKeyValue(spec.env, (n) => keyRng.base62(n));
    seededKeys[spec.name] = value;
    const createdAt = now - spec.ageDays * DAY;
    const key: StoredKey = {
      id: keyIdOf(value),
      name: spec.label,
      prefix: keyPrefix(value),
      hash: hashKey(value),
      permissions: spec.permissions,
      scopes: spec.scopes,
      createdAt,
      expiresAt: spec.expiresInDays === undefined ? null : now + spec.expiresInDays * DAY,
      status: spec.revokedDaysAgo === undefined ? 'active' : 'revoked',
      revokedAt: spec.revokedDaysAgo === undefined ? null : now - spec.revokedDaysAgo * DAY,
      lastUsed: null,
      usageCount: 0,
      rateLimit: spec.rateLimit ?? { reads: 0, writes: 0, executions: 0 },
      owner: false,
      createdBy: owner.id,
    };
    const activeUntil = Math.min(now, key.revokedAt ?? now, key.expiresAt ?? now);
    const history = syntheticUsage(usageRng, key, Math.max(createdAt, now - 90 * DAY), activeUntil);
    key.usageCount = history.total;
    key.lastUsed = history.lastUsed;
    usage[key.id] = history.usage;
    keys.push(key);
  }

  // A key of each assignable role's first member, broad at key level (every permission and
  // scope), so that what each may do is decided by their role (issue 19). Drawn after the
  // other keys, from their own stream, so those keep their values.
  const roleKeyRng = Rng.derive(seed, 'accounts.roleKeys');
  for (const role of ['admin', 'developer', 'viewer'] as const) {
    const holder = members.find((m) => m.role === role && m.status === 'active')!;
    const value = makeKeyValue('live', (n) => roleKeyRng.base62(n));
    seededKeys[role] = value;
    keys.push(
      allAccessKey(value, {
        id: keyIdOf(value),
        name: `${holder.name ?? role} (${role})`,
        createdAt: Math.max(holder.joinedAt ?? now, now - 30 * DAY),
        owner: false,
        createdBy: holder.id,
      }),
    );
  }

  // After the seeded team's keys (which name its first member of each role): the large-team option.
  const extra = generatedMembers(seed, now, draft.options.scale?.members ?? 0, owner.id);
  const account: StoredAccount = {
    id: `acc_${rng.base62(10)}`,
    name: 'Acme GPU Lab',
    plan: 'pro',
    ownerId: owner.id,
    createdAt: now - 400 * DAY,
    boost: null,
  };
  const team = [...members, ...extra.members];
  return {
    account,
    members: team,
    invitations: [invitation, ...extra.invitations],
    keys,
    usage,
    roles: [],
    grants: [],
    shares: [],
    audit: [],
    // The defaults, not stored until changed (state.ts).
    settings: null,
    settingsUpdatedAt: null,
    profiles: [],
    // No synthetic history: the analytics count only what the emulator answered (docs/decisions.md, API usage analytics).
    apiUsage: [],
  };
}
