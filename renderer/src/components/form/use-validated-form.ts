// The one form machinery of the dialogs: the form, which of its errors are shown, the busy
// flag and the API error; a reset each time the dialog opens; and submit → validate → busy →
// call → done or the API error shown in the dialog (which stays open). An API error the form
// can place (SECRET_EXISTS on the name, PORT_CONFLICT on the external port) shows on that
// field instead, and goes away as soon as the form member it concerns changes.
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
  /** Where an API error belongs in the form, if anywhere (see ServerFieldError). */
  placeApiError?(error: NormalizedError, form: F): readonly ServerFieldError<F>[] | null;
}

/** An API error shown on a field: under error key `key`, while the form member `member` keeps the value it had when sent. */
export interface ServerFieldError<F> {
  key: string;
  message: string;
  member: keyof F;
}

export interface ValidatedForm<F, E extends ErrorMap> {
  form: F;
  /** Merges a patch into the form and marks its keys as touched. */
  update(patch: Partial<F>): void;
  /** Replaces the form (nothing is marked as touched). */
  setForm(next: F | ((f: F) => F)): void;
  /** The errors shown now (see ErrorDisplay), with the API errors placed on fields. */
  errors: E;
  /** The errors shown now that come from the form's own checks (not the API's). */
  formErrors: E;
  /** Counts the submits that ended with errors on fields: the dialog then brings the first into view. */
  errorAttempt: number;
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
  placeApiError,
}: ValidatedFormOptions<F, R, E>): ValidatedForm<F, E> {
  const [form, setForm] = useState<F>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [errorsAtSubmit, setErrorsAtSubmit] = useState<E>({} as E);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);
  const [placed, setPlaced] = useState<{ errors: readonly ServerFieldError<F>[]; sent: F } | null>(null);
  const [errorAttempt, setErrorAttempt] = useState(0);

  // Only on opening (or a new subject): a background refresh must not wipe what is being
  // typed, and `initial` is a fresh function each render.
  const latest = useLatest({ initial, onReset, placeApiError });
  useEffect(() => {
    if (!open) return;
    setForm(latest.current.initial());
    setSubmitted(false);
    setTouched(new Set());
    setErrorsAtSubmit({} as E);
    setApiError(null);
    setPlaced(null);
    latest.current.onReset?.();
  }, [open, resetKey, latest]);

  const current = validate(form);
  const currentErrors = current.ok ? ({} as E) : current.errors;
  const formErrors = shownErrors(showErrors, { current: currentErrors, atSubmit: errorsAtSubmit, submitted, touched });
  // A placed API error stays while its member holds the value that was sent (typing it back shows it again).
  const serverErrors = Object.fromEntries(
    (placed?.errors ?? []).filter((p) => sameValue(form[p.member], placed!.sent[p.member])).map((p) => [p.key, p.message]),
  );
  const errors = { ...serverErrors, ...formErrors } as E;

  const update = (patch: Partial<F>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched((t) => new Set([...t, ...Object.keys(patch)]));
  };

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const result = validate(form);
    setErrorsAtSubmit(result.ok ? ({} as E) : result.errors);
    setPlaced(null);
    if (!result.ok) {
      setErrorAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    setApiError(null);
    try {
      await submit(result.request);
      // Done: what the form holds now (e.g. a cleared secret value) is not an error to show.
      setSubmitted(false);
    } catch (e) {
      const error = toNormalizedError(e);
      const onFields = latest.current.placeApiError?.(error, form);
      if (onFields?.length) {
        setPlaced({ errors: onFields, sent: form });
        setErrorAttempt((n) => n + 1);
      } else setApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return { form, update, setForm, errors, formErrors, errorAttempt, valid: current.ok, submitted, busy, apiError, onSubmit };
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
