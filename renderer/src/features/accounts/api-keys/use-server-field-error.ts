// A server refusal that concerns one field, shown on that field (not in the dialog's alert)
// until that field is changed: an old 409 or 400 does not stay once the value is fixed.
import { useState } from 'react';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { toNormalizedError } from '../../../bridge/errors';
import { serverFieldError, type FormErrors, type KeyField, type KeyForm } from './key-form';

export interface ServerFieldError {
  /** The form's own errors first, then the server's on its field. */
  merge(errors: FormErrors): FormErrors;
  /** The dialog-level error to show: none when the server's error sits on a field. */
  dialogError(apiError: NormalizedError | null): NormalizedError | null;
  /** Runs the call; a field error is recorded and rethrown (the dialog stays open). */
  run(call: () => Promise<void>): Promise<void>;
  /** Wraps the form's update: a change to the field clears the server's error on it. */
  update(update: (patch: Partial<KeyForm>) => void): (patch: Partial<KeyForm>) => void;
  reset(): void;
}

const formKeyOf = (field: KeyField): keyof KeyForm => (field === 'expiresAt' ? 'expiresOn' : (field.split('.')[0] as keyof KeyForm));

export function useServerFieldError(): ServerFieldError {
  const [error, setError] = useState<{ field: KeyField; message: string } | null>(null);
  return {
    merge: (errors) => (error ? { [error.field]: error.message, ...errors } : errors),
    dialogError: (apiError) => (error ? null : apiError),
    async run(call) {
      setError(null);
      try {
        await call();
      } catch (e) {
        setError(serverFieldError(toNormalizedError(e)));
        throw e;
      }
    },
    update: (update) => (patch) => {
      update(patch);
      if (error && formKeyOf(error.field) in patch) setError(null);
    },
    reset: () => setError(null),
  };
}
