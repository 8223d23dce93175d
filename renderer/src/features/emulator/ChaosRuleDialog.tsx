// Add or edit one chaos rule; every field says its rule in words, the errors give the bounds.
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CHAOS_METHODS, type ChaosRule } from '../../../../shared/api/emulator-admin';
import { AccountErrorCode } from '../../../../shared/api/errors';
import { FormDialog } from '../../components/form/FormDialog';
import { useValidatedForm } from '../../components/form/use-validated-form';
import { MONO_FONT } from '../../lib/fonts';
import { CHAOS_RULES, chaosFormOf, emptyChaosForm, PATTERN_HELP, toChaosRule, type ChaosErrors, type ChaosForm } from './chaos-form';

export interface ChaosRuleDialogProps {
  open: boolean;
  /** The rule being edited; null adds one. */
  rule: ChaosRule | null;
  onClose(): void;
  onSave(rule: ChaosRule): Promise<void>;
}

export function ChaosRuleDialog({ open, rule, onClose, onSave }: ChaosRuleDialogProps) {
  const { form, update, errors, busy, apiError, onSubmit } = useValidatedForm<ChaosForm, ChaosRule, ChaosErrors>({
    open,
    resetKey: rule,
    initial: () => (rule ? chaosFormOf(rule) : emptyChaosForm()),
    validate: toChaosRule,
    submit: async (next) => {
      await onSave(next);
      onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="chaos-rule-dialog"
      titleId="chaos-rule-title"
      title={rule ? 'Edit chaos rule' : 'Add chaos rule'}
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      submitLabel={rule ? 'Save rule' : 'Add rule'}
    >
      <Stack direction="row" spacing={1.5}>
        <TextField
          label="Route pattern"
          value={form.route}
          onChange={(e) => update({ route: e.target.value })}
          error={Boolean(errors.route)}
          helperText={errors.route ?? PATTERN_HELP}
          autoFocus
          required
          fullWidth
          size="small"
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT } } }}
        />
        <TextField
          select
          label="Method"
          value={form.method}
          onChange={(e) => update({ method: e.target.value as ChaosForm['method'] })}
          helperText=" "
          size="small"
          sx={{ width: 140, flexShrink: 0 }}
        >
          <MenuItem value="">Any</MenuItem>
          {CHAOS_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <TextField
          label="Added latency"
          value={form.latencyMs}
          onChange={(e) => update({ latencyMs: e.target.value })}
          error={Boolean(errors.latencyMs)}
          helperText={errors.latencyMs ?? CHAOS_RULES.latencyMs}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">ms</InputAdornment> } }}
        />
        <TextField
          label="Error rate"
          value={form.errorRate}
          onChange={(e) => update({ errorRate: e.target.value })}
          error={Boolean(errors.errorRate)}
          helperText={errors.errorRate ?? `${CHAOS_RULES.errorRate} of matching requests fail`}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        />
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <TextField
          label="Status of a failure"
          value={form.status}
          onChange={(e) => update({ status: e.target.value })}
          error={Boolean(errors.status)}
          helperText={errors.status ?? CHAOS_RULES.status}
          size="small"
          sx={{ width: 200, flexShrink: 0 }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          select
          label="Error code of a failure"
          value={form.code}
          onChange={(e) => update({ code: e.target.value as ChaosForm['code'] })}
          helperText="The error field of the failure's body"
          size="small"
          fullWidth
        >
          {AccountErrorCode.options.map((c) => (
            <MenuItem key={c} value={c} sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
