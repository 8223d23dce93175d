// The one frame of a form dialog: a titled dialog around a form, the fields in a column
// ending with the API error, and Cancel + a submit button that shows progress. While busy
// the dialog cannot be dismissed. A submit blocked by errors always says why: the first field
// in error is scrolled to and focused, and when no field in the dialog shows an error (it
// concerns something not on screen), the errors are listed above the buttons, each naming its
// field.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { NormalizedError } from '../../../../shared/api/errors';
import { ErrorAlert } from '../ErrorAlert';
import type { ErrorMap } from './error-display';
import type { FieldLabels } from './field-errors';
import { humanizePath, labelled } from './plain-words';
import type { ValidatedForm } from './use-validated-form';

/** What shows an error on screen: an input marked invalid, or a control or helper text in MUI's error state. */
const IN_ERROR = '[aria-invalid="true"], .Mui-error';
const FOCUSABLE_IN_ERROR =
  'input[aria-invalid="true"]:not([type="hidden"]):not(:disabled), textarea[aria-invalid="true"], [role="combobox"][aria-invalid="true"]';

/**
 * After each blocked submit (`attempt` changes): brings the first field in error into view and
 * focuses it. Says whether any field in `root` shows an error now.
 */
function useFirstError(root: RefObject<HTMLElement | null>, attempt: number, errors: ErrorMap): boolean {
  const [anyShown, setAnyShown] = useState(true);
  // Looked up again whenever the errors change: which fields show them follows the typing.
  const which = Object.entries(errors)
    .map(([k, m]) => `${k}=${m ?? ''}`)
    .join('\n');
  useLayoutEffect(() => {
    setAnyShown(Boolean(root.current?.querySelector(IN_ERROR)));
  }, [root, which, attempt]);
  useEffect(() => {
    if (!attempt || !root.current) return;
    const first = root.current.querySelector<HTMLElement>(IN_ERROR);
    if (!first) return;
    const focusable = first.matches(FOCUSABLE_IN_ERROR)
      ? first
      : first.closest('.MuiFormControl-root')?.querySelector<HTMLElement>(FOCUSABLE_IN_ERROR);
    // On the next frame: the submit button's own focus and the dialog's focus trap settle first.
    const frame = requestAnimationFrame(() => {
      focusable?.focus({ preventScroll: true });
      (first.closest('.MuiFormControl-root, .MuiFormHelperText-root') ?? first).scrollIntoView?.({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [attempt, root]);
  return anyShown;
}

/** What the frame needs of a validated form. */
type DialogFormState = Pick<ValidatedForm<unknown, ErrorMap>, 'busy' | 'apiError' | 'errors' | 'errorAttempt'> & {
  onSubmit(event?: FormEvent): unknown;
};

export interface FormDialogProps {
  open: boolean;
  onClose(): void;
  /** The dialog's data-testid, and the id of its title (which labels it). */
  testId: string;
  titleId: string;
  title: ReactNode;
  /** Shown between the title and the fields (e.g. a caption about the subject). */
  subtitle?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** Content between dividers (long forms), or flush under the title (short ones). */
  dividers?: boolean;
  /** A flex column, so the content scrolls between a fixed title and fixed actions. */
  scrollContent?: boolean;
  spacing?: number;
  /** The dialog's validated form (use-validated-form): its busy flag, API error, submit, errors and error attempts. */
  state?: DialogFormState;
  /** Each of these, when given, replaces the member of `state`. */
  busy?: boolean;
  apiError?: NormalizedError | null;
  onSubmit?(event: FormEvent): void;
  /** The errors shown (use-validated-form's `errors`): `form` is shown as the form's own message. */
  errors?: ErrorMap;
  /** use-validated-form's `errorAttempt`: each change brings the first error into view. */
  errorAttempt?: number;
  /** The fields' names, for errors listed because no field shows them. */
  fieldLabels?: FieldLabels;
  submitLabel: ReactNode;
  submitColor?: 'primary' | 'error';
  submitDisabled?: boolean;
  submitTestId?: string;
  /** The submit button takes the focus when the dialog opens (a confirmation with no fields). */
  submitAutoFocus?: boolean;
  cancelLabel?: string;
  /** Replaces Cancel + submit (e.g. a single Close once the operation was accepted). */
  actions?: ReactNode;
  /** Replaces the fields' column (e.g. the progress view once the operation was accepted). */
  content?: ReactNode;
  children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const {
    open,
    onClose,
    testId,
    titleId,
    title,
    subtitle,
    maxWidth = 'sm',
    dividers = false,
    scrollContent = false,
    spacing = 2,
    state,
    busy = state?.busy ?? false,
    apiError = state?.apiError ?? null,
    onSubmit = (event: FormEvent) => void state?.onSubmit(event),
    errors = state?.errors ?? {},
    errorAttempt = state?.errorAttempt ?? 0,
    fieldLabels = {},
  } = props;
  const contentRef = useRef<HTMLDivElement>(null);
  const anyShown = useFirstError(contentRef, errorAttempt, errors);
  const { form: formError, ...fieldErrors } = errors;
  const unshown = errorAttempt > 0 && !anyShown ? Object.entries(fieldErrors).filter(([, m]) => m) : [];
  const listRef = useRef<HTMLDivElement>(null);
  const listed = unshown.length > 0 || Boolean(formError);
  useEffect(() => {
    if (errorAttempt && listed && !anyShown) listRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [errorAttempt, listed, anyShown]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId} data-testid={testId}>
      <Box
        component="form"
        onSubmit={onSubmit}
        noValidate
        sx={scrollContent ? { display: 'flex', flexDirection: 'column', minHeight: 0 } : undefined}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {subtitle}
        <DialogContent dividers={dividers} ref={contentRef}>
          {props.content ?? (
            <Stack spacing={spacing} sx={dividers ? undefined : { pt: 1 }}>
              {props.children}
              {listed && (
                <Alert severity="error" data-testid="form-errors" role="alert" ref={listRef}>
                  {formError && <div>{formError}</div>}
                  {unshown.map(([key, message]) => (
                    <div key={key}>{labelled(fieldLabels[key] ?? humanizePath(key), message!)}</div>
                  ))}
                </Alert>
              )}
              {apiError && <ErrorAlert error={apiError} />}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {props.actions ?? (
            <>
              <Button onClick={onClose} disabled={busy}>
                {props.cancelLabel ?? 'Cancel'}
              </Button>
              <Button
                type="submit"
                variant="contained"
                color={props.submitColor ?? 'primary'}
                disabled={busy || props.submitDisabled}
                startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
                data-testid={props.submitTestId}
                autoFocus={props.submitAutoFocus}
              >
                {props.submitLabel}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
