// Which of a form's errors to show: a pure rule, kept apart from the hook so it is tested
// on its own.

export type ErrorMap = Partial<Record<string, string>>;

/**
 * - `after-submit`: none until the first submit, then the current form's, following the typing;
 * - `at-submit`: the ones found by the last submit, until the next one;
 * - `always`: the current form's from the start;
 * - a function: per error key, from whether the form was submitted and which fields changed.
 */
export type ErrorDisplay =
  'after-submit' | 'at-submit' | 'always' | ((key: string, state: { submitted: boolean; touched: ReadonlySet<string> }) => boolean);

export interface ErrorState<E> {
  /** The current form's errors. */
  current: E;
  /** The errors the last submit found. */
  atSubmit: E;
  submitted: boolean;
  /** The form keys changed since the form was reset. */
  touched: ReadonlySet<string>;
}

export function shownErrors<E extends ErrorMap>(display: ErrorDisplay, { current, atSubmit, submitted, touched }: ErrorState<E>): E {
  if (display === 'always') return current;
  if (display === 'at-submit') return submitted ? atSubmit : ({} as E);
  if (display === 'after-submit') return submitted ? current : ({} as E);
  return Object.fromEntries(Object.entries(current).filter(([key]) => display(key, { submitted, touched }))) as E;
}
