// Small form pieces the stop and restart dialogs share: a labelled checkbox with help, a
// whole-number field with its bounds in the help text, the two together where the box turns
// the field on or off (force → grace period, wait → timeout), the audit reason, and a section
// heading.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { GRACE_PERIOD_MAX, WAIT_TIMEOUT_MAX } from '../../../../../../shared/api/clusters/lifecycle';
import { FormField, type BoundForm, type FormFieldProps } from '../../../../components/form/FormField';

export function CheckField({
  label,
  help,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  help?: string;
  checked: boolean;
  onChange(v: boolean): void;
  disabled?: boolean;
}) {
  return (
    <FormControlLabel
      disabled={disabled}
      control={<Checkbox size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={
        <Stack>
          <Typography variant="body2">{label}</Typography>
          {help && (
            <Typography variant="caption" color="text.secondary">
              {help}
            </Typography>
          )}
        </Stack>
      }
      sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
    />
  );
}

export type IntFieldProps<F> = Omit<FormFieldProps<F>, 'inputMode'> & { min?: number; max?: number; width?: number };

/** A whole-number field with its bounds in its hint (and on the input). */
export function IntField<F>({ min, max, width = 200, ...props }: IntFieldProps<F>) {
  return (
    <FormField
      {...props}
      inputMode="numeric"
      sx={{ width }}
      slotProps={{ htmlInput: { min, max }, inputLabel: props.placeholder ? { shrink: true } : undefined }}
    />
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** An option whose check box turns a whole-number field off (force → grace period) or on (wait → timeout). */
interface SwitchedIntFieldProps<F> {
  form: BoundForm<F>;
  /** The check box: the form's boolean member `name`. */
  check: { name: keyof F & string; label: string; help: string };
  field: Omit<IntFieldProps<F>, 'form' | 'disabled' | 'hint'> & { hint: { used: string; unused: string } };
  /** Whether the field is used while the box is checked (wait → timeout) or unchecked (force → grace). */
  usedWhen: 'checked' | 'unchecked';
  /** Why neither the box nor the field means anything for this run (both shown off, with it). */
  off?: string;
}

function SwitchedIntField<F>({ form, check, field, usedWhen, off }: SwitchedIntFieldProps<F>) {
  const checked = form.form[check.name] as boolean;
  const used = !off && checked === (usedWhen === 'checked');
  return (
    <>
      <CheckField
        label={check.label}
        help={off ?? check.help}
        checked={checked}
        disabled={Boolean(off)}
        onChange={(v) => form.update({ [check.name]: v } as Partial<F>)}
      />
      <IntField form={form} {...field} hint={used ? field.hint.used : off ? 'Not used' : field.hint.unused} disabled={!used} />
    </>
  );
}

/** A check box option of both operations with the minutes field it switches: the field's hint while used and not. */
interface OptionProps<F> {
  form: BoundForm<F>;
  label: string;
  help: string;
  hint: { used: string; unused: string };
}

/**
 * Force (no graceful shutdown): the grace period is not used then. `off`: why neither means
 * anything here (a stopped cluster's restart has no processes to shut down).
 */
export function ForceOption<F extends { force: boolean; gracePeriodMinutes: string }>({
  form,
  hint,
  off,
  ...check
}: OptionProps<F> & { off?: string }) {
  const field = { name: 'gracePeriodMinutes' as const, errorKey: 'grace_period_minutes', label: 'Grace period (minutes)' };
  return (
    <SwitchedIntField
      form={form}
      check={{ name: 'force', ...check }}
      field={{ ...field, hint, min: 0, max: GRACE_PERIOD_MAX }}
      usedWhen="unchecked"
      off={off}
    />
  );
}

/** Wait for the end of the operation (the check box `name`), up to the timeout. */
export function WaitOption<F extends { timeoutMinutes: string }>({ form, hint, ...check }: OptionProps<F> & { name: keyof F & string }) {
  const field = { name: 'timeoutMinutes' as const, errorKey: 'timeout_minutes', label: 'Timeout (minutes)' };
  return <SwitchedIntField form={form} check={check} field={{ ...field, hint, min: 1, max: WAIT_TIMEOUT_MAX }} usedWhen="checked" />;
}

/** The audit reason both operations take. */
export function ReasonField<F>(props: Omit<FormFieldProps<F>, 'label' | 'hint'>) {
  return <FormField {...props} label="Reason" hint="Written to the audit log" fullWidth />;
}
