// The account's IP allow-list in effect (01-accounts.md, Account settings: security.api_access;
// docs/decisions.md, Settings: the allow-list): with `require_ip_whitelist` on, a request from an
// address the list does not include is refused on every route of the three documents. It runs
// in the access decision of every request, so it is compiled once from the settings record and
// costs one comparison while the list is off; the answer per address is remembered (bounded)
// while it is on. The emulator's own routes (/_emulator/*) never pass here.
import { allowListIncludes, type StoredSettings } from '../../../../../shared/api/accounts/settings';
import { ipNotAllowed, selfLockout, type ApiError } from '../../../core/errors';

/** Bound of the per-address answers kept while the list is on; far above the addresses a session uses. */
const ADDRESSES_MAX = 1024;

export class AllowListGate {
  /** null: not compiled since the settings last changed. */
  private entries: readonly string[] | null = null;
  private on = false;
  private readonly answers = new Map<string, boolean>();

  constructor(private readonly settingsNow: () => StoredSettings) {}

  /** The settings changed (or the whole state): compiled again on the next request. */
  invalidate(): void {
    this.entries = null;
    this.answers.clear();
  }

  /** null, or the refusal of a request from `address`. */
  refusal(address: string): ApiError | null {
    if (this.entries === null) this.compile();
    if (!this.on) return null;
    let allowed = this.answers.get(address);
    if (allowed === undefined) {
      allowed = allowListIncludes(this.entries!, address);
      if (this.answers.size >= ADDRESSES_MAX) this.answers.clear();
      this.answers.set(address, allowed);
    }
    return allowed ? null : ipNotAllowed(address);
  }

  private compile(): void {
    const access = this.settingsNow().security.api_access;
    this.on = access.require_ip_whitelist;
    this.entries = access.ip_whitelist;
  }
}

/** Whether settings whose allow-list is `next` would refuse `address` (the self-lockout guard). */
export function wouldRefuse(next: StoredSettings, address: string): boolean {
  const access = next.security.api_access;
  return access.require_ip_whitelist && !allowListIncludes(access.ip_whitelist, address);
}

/**
 * The self-lockout guard of a security update and of an import: settings whose allow-list would
 * refuse the caller's `address` are refused (409 SELF_LOCKOUT) unless the request says it means it.
 */
export function assertNoLockout(next: StoredSettings, address: string, acknowledged: boolean): void {
  if (!acknowledged && wouldRefuse(next, address)) throw selfLockout(address, next.security.api_access.ip_whitelist);
}
