// Errors a user can cause with profiles, as the renderer will show them.
import { BridgeError } from '../../shared/ipc/dispatch';

export function profileError(code: string, message: string, details: Record<string, unknown> = {}): BridgeError {
  return new BridgeError({ status: 0, code, message, details, source: 'profile' });
}

export function keychainError(message: string): BridgeError {
  return new BridgeError({ status: 0, code: 'KEYCHAIN_ERROR', message, details: {}, source: 'keychain' });
}
