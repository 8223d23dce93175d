// Errors a user can cause with profiles, as the renderer will show them.
import { localError, type LocalErrorCode } from '../../shared/api/local-errors';
import { BridgeError } from '../../shared/ipc/dispatch';

type ProfileErrorCode = Extract<LocalErrorCode, `PROFILE_${string}` | 'EMULATOR_ONLY'>;

export function profileError(code: ProfileErrorCode, message: string, details: Record<string, unknown> = {}): BridgeError {
  return new BridgeError(localError(code, message, { details }));
}

export function keychainError(message: string): BridgeError {
  return new BridgeError(localError('KEYCHAIN_ERROR', message));
}
