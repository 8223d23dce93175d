// The accounts area in memory: keys indexed by id and by the SHA-256 of their value (O(1)
// authentication), usage counts per key as maps, and the account and its team as stored.
import type { StoredSettings } from '../../../../shared/api/accounts/settings';
import type { Store } from '../../state/store';
import { ApiUsageLog } from './api-usage/aggregate';
import { defaultSettings } from './settings/defaults';
import type {
  AccountsState,
  StoredAccount,
  StoredAuditEvent,
  StoredGrant,
  StoredInvitation,
  StoredKey,
  StoredMember,
  StoredProfile,
  StoredRole,
  StoredShare,
  StoredUsage,
} from './stored-schema';

export const AREA = 'accounts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface UsageLog {
  /** hour start → [reads, writes, executions] */
  hours: Map<number, [number, number, number]>;
  /** day start → "METHOD /path" → count */
  days: Map<number, Map<string, number>>;
  /**
   * day start → "METHOD /path" → how many of `days`' calls were answered with an error: what
   * succeeded is the difference, counted on the error path only, so a success costs nothing more
   * (the what-if replays successful calls; docs/decisions.md, Permissions and roles: Audit log and what-if).
   */
  failed: Map<number, Map<string, number>>;
}

function bump(days: Map<number, Map<string, number>>, day: number, endpoint: string): void {
  let d = days.get(day);
  if (!d) days.set(day, (d = new Map()));
  d.set(endpoint, (d.get(endpoint) ?? 0) + 1);
}

export class Accounts {
  account: StoredAccount;
  members: StoredMember[];
  invitations: StoredInvitation[];
  /** Custom roles; built-ins are code (permissions/roles.ts). */
  roles: StoredRole[];
  grants: StoredGrant[];
  shares: StoredShare[];
  /** The five settings sections, write-only values in clear (views redact them: settings/view.ts). */
  settings: StoredSettings;
  settingsUpdatedAt: number | null;
  /** Members' own profiles, those who changed theirs (profile/). */
  profiles: StoredProfile[];
  /** The settings are the defaults the state was loaded without (none stored); saving them stores them. */
  private readonly settingsDefaulted: boolean;
  /** Audit events, oldest first (appended as they happen). */
  readonly audit: StoredAuditEvent[];
  readonly keys = new Map<string, StoredKey>();
  readonly byHash = new Map<string, StoredKey>();
  readonly usage = new Map<string, UsageLog>();
  /** Every answered request per hour, route, status class and key (api-usage/aggregate.ts). */
  readonly apiUsage: ApiUsageLog;
  /**
   * Authorization header → SHA-256 of the key value it carries, for headers that named a
   * key (filled by authority.ts): spares parsing and hashing on every request. It cannot let a
   * refused key in: a header's hash never changes, and the key is still looked up by hash and
   * checked (status, expiry) on every request, so a rotated value finds nothing and a revoked
   * key is refused at once. Emptied on every state change (rotation, revocation, reset,
   * import: authority.ts), so old values do not linger in memory; never persisted.
   */
  readonly headerHashes = new Map<string, string>();

  constructor(stored: AccountsState) {
    this.account = stored.account;
    this.members = stored.members;
    this.invitations = stored.invitations;
    this.roles = stored.roles;
    this.grants = stored.grants;
    this.shares = stored.shares;
    this.audit = stored.audit;
    this.settings = stored.settings ?? defaultSettings(stored);
    this.settingsDefaulted = stored.settings === null;
    this.settingsUpdatedAt = stored.settingsUpdatedAt;
    this.profiles = stored.profiles;
    this.apiUsage = ApiUsageLog.fromStored(stored.apiUsage);
    for (const key of stored.keys) this.indexKey(key);
    for (const [keyId, u] of Object.entries(stored.usage)) {
      const log = this.usageOf(keyId);
      for (const [hour, r, w, e] of u.hours) log.hours.set(hour, [r, w, e]);
      for (const [day, endpoint, count] of u.days) {
        let m = log.days.get(day);
        if (!m) log.days.set(day, (m = new Map()));
        m.set(endpoint, count);
      }
      for (const [day, endpoint, count] of u.failed) {
        let m = log.failed.get(day);
        if (!m) log.failed.set(day, (m = new Map()));
        m.set(endpoint, count);
      }
    }
  }

  toStored(): AccountsState {
    const usage: Record<string, StoredUsage> = {};
    for (const [keyId, log] of this.usage) {
      const days: Array<[number, string, number]> = [];
      for (const [day, m] of log.days) for (const [endpoint, count] of m) days.push([day, endpoint, count]);
      const failed: Array<[number, string, number]> = [];
      for (const [day, m] of log.failed) for (const [endpoint, count] of m) failed.push([day, endpoint, count]);
      usage[keyId] = { hours: [...log.hours].map(([h, [r, w, e]]) => [h, r, w, e]), days, failed };
    }
    return {
      account: this.account,
      members: this.members,
      invitations: this.invitations,
      keys: [...this.keys.values()],
      usage,
      roles: this.roles,
      grants: this.grants,
      shares: this.shares,
      audit: this.audit,
      // Never changed since they were the defaults: stored as absent (null), as the world was built and as it loads.
      settings: this.settingsDefaulted && this.settingsUpdatedAt === null ? null : this.settings,
      settingsUpdatedAt: this.settingsUpdatedAt,
      profiles: this.profiles,
      apiUsage: this.apiUsage.toStored(),
    };
  }

  /** An audit event by id, looked up from the newest, where one just written is. */
  auditEvent(id: string): StoredAuditEvent | undefined {
    for (let i = this.audit.length - 1; i >= 0; i--) if (this.audit[i]!.id === id) return this.audit[i];
    return undefined;
  }

  addKey(key: StoredKey): void {
    this.indexKey(key);
  }

  /** Rotation: the old value stops authenticating at once. */
  rehashKey(key: StoredKey, hash: string, prefix: string): void {
    this.byHash.delete(key.hash);
    key.hash = hash;
    key.prefix = prefix;
    this.byHash.set(hash, key);
  }

  activeKeyCount(now: number): number {
    let n = 0;
    for (const k of this.keys.values()) if (k.status === 'active' && (k.expiresAt === null || k.expiresAt > now)) n++;
    return n;
  }

  usageOf(keyId: string): UsageLog {
    let log = this.usage.get(keyId);
    if (!log) this.usage.set(keyId, (log = { hours: new Map(), days: new Map(), failed: new Map() }));
    return log;
  }

  /** Called on every authenticated request: cheap map updates only. */
  recordUse(key: StoredKey, cls: 0 | 1 | 2, endpoint: string, now: number): void {
    key.lastUsed = now;
    key.usageCount++;
    const log = this.usageOf(key.id);
    const hour = now - (now % HOUR_MS);
    let h = log.hours.get(hour);
    if (!h) log.hours.set(hour, (h = [0, 0, 0]));
    h[cls]++;
    bump(log.days, now - (now % DAY_MS), endpoint);
  }

  /** A call recordUse counted was answered with an error (the error path only). */
  recordFailure(keyId: string, endpoint: string, now: number): void {
    bump(this.usageOf(keyId).failed, now - (now % DAY_MS), endpoint);
  }

  private indexKey(key: StoredKey): void {
    this.keys.set(key.id, key);
    this.byHash.set(key.hash, key);
  }
}

/** The accounts slice of a store. */
export const accountsOf = (store: Store): Accounts => store.slice<Accounts>(AREA);
