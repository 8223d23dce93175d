// A failed action's toast: the reason, and for a refusal (403) the "Why?" that explains it.
import { toNormalizedError } from '../../../bridge/errors';
import { useNotifications } from '../../../platform/notifications-store';

export function notifyFailure(what: string, error: unknown): void {
  useNotifications.getState().notifyError(what, toNormalizedError(error));
}
