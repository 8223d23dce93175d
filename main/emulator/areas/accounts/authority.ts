// The pipeline's authority over callers (01-accounts.md, Authentication; Limits): the key an
// Authorization header names, usage accounting, and the plan's tier limits with any boost.
import type { Authority, Directory } from '../../core/area';
import { unauthorized, type ApiError } from '../../core/errors';
import { hashKey } from '../../core/ids';
import type { StoredSettings } from '../../../../shared/api/accounts/settings';
import { recordDenied } from './audit/denied';
import { defaultSettings } from './settings/defaults';
import { TIER_LIMITS } from './limits';
import { MemberAccess } from './permissions/member-access';
import type { Store } from '../../state/store';
import { accountsOf, AREA, type Accounts } from './state';
import { accountRecord } from './records';
import { AllowListGate } from './settings/allow-list';
import { roleLimitation } from './permissions/limitations';
import type { StoredKey } from './stored-schema';

const BEARER = /^Bearer +(\S+) *$/i;
/** Bound of Accounts.headerHashes; far above the number of keys a session uses. */
const HEADER_HASHES_MAX = 256;

export function authorityOver(store: Store): Authority {
  const members = new MemberAccess(() => accountsOf(store));
  const allowList = new AllowListGate(() => accountsOf(store).settings);
  store.onStateChange((area, id) => {
    accountsOf(store).headerHashes.clear();
    members.invalidate(area, id);
    if (area === undefined || (area === AREA && (id === undefined || id === accountRecord.settings))) allowList.invalidate();
  });
  return {
    // The allow-list first: an address it refuses learns nothing about keys or roles (and the owner's key is refused too).
    admit: (caller, op, params, now, address) => allowList.refusal(address) ?? members.admit(caller, op, params, now),
    authenticate(header, now) {
      return authenticate(accountsOf(store), header, now);
    },
    recordUse(caller, cls, endpoint, now) {
      // The caller is the stored key itself (authenticate returns it).
      accountsOf(store).recordUse(caller as StoredKey, cls, endpoint, now);
      store.changed('usage');
    },
    limitation(caller, name, current) {
      return roleLimitation(accountsOf(store), caller.createdBy, name, current);
    },
    recordError(caller, failed, now) {
      accountsOf(store).recordFailure(caller.id, failed.label, now);
      store.changed('usage');
      if (failed.status === 403) recordDenied(store, caller as StoredKey, failed, now);
    },
    recordAnswer(route, status, ms, keyId, now) {
      accountsOf(store).apiUsage.record(now, route, status, ms, keyId);
      store.changed('usage');
    },
    tierLimit(cls, now) {
      const { plan, boost } = accountsOf(store).account;
      const multiplier = boost && boost.expiresAt > now ? boost.multiplier : 1;
      return Math.floor(TIER_LIMITS[plan][cls] * multiplier);
    },
    keyCount: () => accountsOf(store).keys.size,
  };
}

/**
 * The caller's key, or the 401 to send.
 * @internal Exported for its tests only.
 */
export function authenticate(accounts: Accounts, header: string | undefined, now: number): StoredKey | ApiError {
  if (header === undefined || header === '') return unauthorized('Missing API key: send Authorization: Bearer <API_KEY>');
  const cache = accounts.headerHashes;
  // A header already seen naming a key skips the parse and the SHA-256 (Accounts.headerHashes).
  let hash = cache.get(header);
  if (hash === undefined) {
    const m = BEARER.exec(header);
    if (!m) return unauthorized('The Authorization header must be Bearer <API_KEY>');
    hash = hashKey(m[1]!);
    if (accounts.byHash.has(hash)) {
      if (cache.size >= HEADER_HASHES_MAX) cache.clear();
      cache.set(header, hash);
    }
  }
  const key = accounts.byHash.get(hash);
  if (key === undefined) return unauthorized('Invalid API key');
  if (key.status === 'revoked') return unauthorized('This API key has been revoked');
  if (key.expiresAt !== null && key.expiresAt <= now) return unauthorized('This API key has expired');
  return key;
}

/** The organisation and team over the live slice or the stored state (both have `account` and `members`). */
export function directoryOf(state: Pick<Accounts, 'account' | 'members'> & { settings: StoredSettings | null }): Directory {
  return {
    organization: () => ({ name: state.account.name, ownerId: state.account.ownerId, plan: state.account.plan }),
    members: () => state.members,
    account: () => ({ id: state.account.id, settings: state.settings ?? defaultSettings(state) }),
  };
}
