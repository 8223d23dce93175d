// Which saved profiles hold a key (asked of the main process by the keys' prefixes, never
// with a value), and what that means here: the built-in profile's key is the local emulator's
// owner key, which the emulator does not let be changed, rotated or revoked (409 INVALID_STATE,
// docs/decisions.md "API keys: the owner key and keys profiles use"); any other holder is a
// profile that stops connecting when its key is revoked or rotated.
import type { ApiKey } from '../../../../../shared/api/accounts/api-keys';
import type { KeyHolder } from '../../../../../shared/ipc/contract';

export type { KeyHolder };

/** @internal Exported for its tests only. */
export const OWNER_KEY_REASON =
  'This is the local emulator’s owner key, which the Local emulator profile connects with: the emulator does not let it be changed, rotated or revoked';

/** Prefixes to ask about: keys that still work (a revoked key cannot be revoked or rotated again). */
export function prefixesToAsk(keys: readonly ApiKey[], max = 5000): string[] {
  return [...new Set(keys.filter((k) => k.status !== 'revoked').map((k) => k.prefix))].slice(0, max);
}

function isOwnerKey(holders: readonly KeyHolder[] | undefined): boolean {
  return holders?.some((h) => h.builtIn) ?? false;
}

const quoted = (names: readonly string[]) =>
  names.length <= 1
    ? `“${names[0] ?? ''}”`
    : `${names
        .slice(0, -1)
        .map((n) => `“${n}”`)
        .join(', ')} and “${names.at(-1)!}”`;

/**
 * The warning of the revoke or rotate confirmation, naming the profiles that use the key;
 * null when none does. The profile this console is connected through is said first.
 */
export function holderWarning(holders: readonly KeyHolder[], action: 'revoke' | 'rotate', activeId: string | null): string | null {
  const others = holders.filter((h) => !h.builtIn);
  if (others.length === 0) return null;
  const names = others.map((h) => h.name);
  const one = names.length === 1;
  const subject = one ? `The profile ${quoted(names)} uses` : `The profiles ${quoted(names)} use`;
  const after =
    action === 'revoke'
      ? `after revoking, ${one ? 'it' : 'they'} will no longer connect.`
      : `after rotating, ${one ? 'it' : 'they'} will no longer connect until given the new value.`;
  const active = others.find((h) => h.id === activeId);
  const now = active ? ` This console is connected through “${active.name}” now: its calls will fail.` : '';
  return `${subject} this key; ${after}${now}`;
}

/** Why a key's edit, rotate and revoke are unavailable; null when they are available. */
export function blockedReason(key: Pick<ApiKey, 'status'>, holders: readonly KeyHolder[] | undefined): string | null {
  if (key.status === 'revoked') return 'This key is revoked';
  return isOwnerKey(holders) ? OWNER_KEY_REASON : null;
}
