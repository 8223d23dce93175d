// The one form machinery of the dialogs: the form, which of its errors are shown, the busy
// flag and the API error; a reset each time the dialog opens; and submit → validate → busy →
// call → done or the API error shown in the dialog (which stays open).
import { useEffect, useState, type FormEvent } from 'react';
import type { NormalizedError } from '../../../../shared/api/errors';
import { toNormalizedError } from '../../bridge/errors';
import { useLatest } from '../../lib/use-latest';
import { shownErrors, type ErrorDisplay, type ErrorMap } from './error-display';
import type { FieldErrors, FormResult } from './form-result';

export interface ValidatedFormOptions<F, R, E extends ErrorMap> {
  /** The form resets (to `initial()`) whenever the dialog opens, and when `resetKey` changes while open. */
  open: boolean;
  resetKey?: unknown;
  initial(): F;
  validate(form: F): FormResult<R, E>;
  /** Sends the request; resolves when done (closing the dialog is its business), throws to show the API error. */
  submit(request: R): Promise<void>;
  /** Which errors show; by default none until the first submit, then they follow the typing. */
  showErrors?: ErrorDisplay;
  /** Resets the caller's own state together with the form's. */
  onReset?(): void;
}

export interface ValidatedForm<F, E extends ErrorMap> {
  form: F;
  /** Merges a patch into the form and marks its keys as touched. */
  update(patch: Partial<F>): void;
  /** Replaces the form (nothing is marked as touched). */
  setForm(next: F | ((f: F) => F)): void;
  /** The errors shown now (see ErrorDisplay). */
  errors: E;
  /** Whether the current form would pass validation. */
  valid: boolean;
  submitted: boolean;
  busy: boolean;
  apiError: NormalizedError | null;
  onSubmit(event?: FormEvent): Promise<void>;
}

export function useValidatedForm<F, R, E extends ErrorMap = FieldErrors>({
  open,
  resetKey,
  initial,
  validate,
  submit,
  showErrors = 'after-submit',
  onReset,
}: ValidatedFormOptions<F, R, E>): ValidatedForm<F, E> {
  const [form, setForm] = useState<F>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [errorsAtSubmit, setErrorsAtSubmit] = useState<E>({} as E);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);

  // Only on opening (or a new subject): a background refresh must not wipe what is being
  // typed, and `initial` is a fresh function each render.
  const latest = useLatest({ initial, onReset });
  useEffect(() => {
    if (!open) return;
    setForm(latest.current.initial());
    setSubmitted(false);
    setTouched(new Set());
    setErrorsAtSubmit({} as E);
    setApiError(null);
    latest.current.onReset?.();
  }, [open, resetKey, latest]);

  const current = validate(form);
  const currentErrors = current.ok ? ({} as E) : current.errors;
  const errors = shownErrors(showErrors, { current: currentErrors, atSubmit: errorsAtSubmit, submitted, touched });

  const update = (patch: Partial<F>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched((t) => new Set([...t, ...Object.keys(patch)]));
  };

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const result = validate(form);
    setErrorsAtSubmit(result.ok ? ({} as E) : result.errors);
    if (!result.ok) return;
    setBusy(true);
    setApiError(null);
    try {
      await submit(result.request);
      // Done: what the form holds now (e.g. a cleared secret value) is not an error to show.
      setSubmitted(false);
    } catch (e) {
      setApiError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };

  return { form, update, setForm, errors, valid: current.ok, submitted, busy, apiError, onSubmit };
}
