// "Test connection" (`profiles:test`): one `GET /v2/auth/verify` with the base URL and key
// the user typed — or, for an existing profile, the ones it has — before anything is saved.
// The stored key is read here and never leaves the main process; the answer says in words
// what happened and how long it took.
import type { VerifyResponse } from '../../shared/api/accounts/api-keys';
import type { NormalizedError } from '../../shared/api/errors';
import type { ApiCallResponse, ChannelRequest, ProfileTestResult } from '../../shared/ipc/contract';
import { BridgeError } from '../../shared/ipc/dispatch';
import type { SecretStore } from '../vault/secret-store';
import { profileKeyAccount } from './key-accounts';
import { profileError } from './profile-errors';
import { checkBaseUrl, type ResolvedProfile } from './profile-store';

interface Deps {
  profiles: { resolved(id: string): ResolvedProfile | null };
  vault: SecretStore;
  probe(opId: 'auth.verify', target: Pick<ResolvedProfile, 'kind' | 'baseUrl' | 'name'>, key: string): Promise<ApiCallResponse>;
  now?: () => number;
}

function toNormalized(error: unknown): NormalizedError {
  if (error instanceof BridgeError) return error.normalized;
  throw error;
}

/** A failure in the words of someone testing a connection. */
function failureMessage(error: NormalizedError): string {
  if (error.status === 401) return `The server answered but refused the key (401 ${error.code}): ${error.message}`;
  if (error.status === 403) return `The server answered but the key may not verify itself (403 ${error.code}): ${error.message}`;
  if (error.status === 404) return `The server answered 404 ${error.code}: is the base URL the API's root (without /v2)?`;
  if (error.status >= 400) return `The server answered ${error.status} ${error.code}: ${error.message}`;
  return error.message;
}

export async function testConnection(deps: Deps, request: ChannelRequest<'profiles:test'>): Promise<ProfileTestResult> {
  const now = deps.now ?? (() => performance.now());
  const stored = request.id !== undefined ? deps.profiles.resolved(request.id) : null;
  if (request.id !== undefined && !stored) throw profileError('PROFILE_NOT_FOUND', 'That profile no longer exists.', { id: request.id });
  if (request.baseUrl !== undefined) {
    if (stored?.kind === 'emulator') {
      throw profileError('PROFILE_NO_BASE_URL', `"${stored.name}" talks to the local emulator and has no base URL.`, { id: stored.id });
    }
    checkBaseUrl(request.baseUrl);
  }
  const target = {
    name: stored?.name ?? 'new profile',
    kind: stored?.kind ?? ('remote' as const),
    baseUrl: request.baseUrl ?? stored?.baseUrl ?? null,
  };
  const key = request.apiKey ?? (stored ? await deps.vault.get(profileKeyAccount(stored)).catch(() => null) : null);
  if (!key) {
    return {
      ok: false,
      status: 0,
      latencyMs: 0,
      code: 'PROFILE_KEY_MISSING',
      message: `No key is stored for "${target.name}"${deps.vault.backend === 'memory' ? ' (keys are kept for this session only)' : ''}: enter its key to test.`,
    };
  }
  const started = now();
  const elapsed = () => Math.max(0, Math.round(now() - started));
  try {
    const answer = await deps.probe('auth.verify', target, key);
    const latencyMs = elapsed();
    const verify = answer.data as VerifyResponse;
    if (!verify.valid) return { ok: false, status: answer.status, latencyMs, message: 'The server answered that the key is not valid.' };
    return {
      ok: true,
      status: answer.status,
      latencyMs,
      message: `Connected in ${latencyMs.toLocaleString('en')} ms; the key is valid.`,
      key: { id: verify.key_id, permissions: verify.permissions, scopes: verify.scopes, expiresAt: verify.expires_at },
    };
  } catch (error) {
    const latencyMs = elapsed();
    const failed = toNormalized(error);
    return { ok: false, status: failed.status, latencyMs, code: failed.code, message: failureMessage(failed) };
  }
}
