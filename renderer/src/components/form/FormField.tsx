// A text field bound to one member of a validated form: its value, its updates, and under it
// either the error shown on it (the form's own check or a placed API error) or its rule.
// A select is the same field with `select` and its MenuItems as children; a row of a
// repeating editor binds the same way (`{ form: row, update: set, errors }`).
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { ErrorMap } from './error-display';

/** What a field needs of a validated form (see useValidatedForm). */
export interface BoundForm<F> {
  form: F;
  update(patch: Partial<F>): void;
  errors: ErrorMap;
}

export type FormFieldProps<F> = Omit<TextFieldProps, 'form' | 'name' | 'value' | 'onChange' | 'error' | 'helperText'> & {
  form: BoundForm<F>;
  name: keyof F & string;
  /** The error key of the field, when it is not the member's name (a nested path such as `rotation_policy.days`). */
  errorKey?: string;
  /** The field's rule, shown while it has no error; a blank line by default, so the layout does not jump. */
  hint?: ReactNode;
  /** A multi-line field this many lines high at first (it grows with its text). */
  lines?: number;
  /** A number typed as text: the keyboard phones and tablets show (`numeric`: whole numbers, `decimal`: with a point). */
  inputMode?: 'numeric' | 'decimal';
};

export function FormField<F>({ form, name, errorKey = name, hint = ' ', lines, inputMode, ...props }: FormFieldProps<F>) {
  const error = form.errors[errorKey];
  const slotProps = inputMode
    ? { ...props.slotProps, htmlInput: { inputMode, ...(props.slotProps?.htmlInput as object | undefined) } }
    : props.slotProps;
  return (
    <TextField
      size="small"
      {...(lines ? { multiline: true, minRows: lines } : {})}
      {...props}
      slotProps={slotProps}
      value={form.form[name] as string}
      onChange={(e) => form.update({ [name]: e.target.value } as Partial<F>)}
      error={Boolean(error)}
      helperText={error ?? hint}
    />
  );
}
