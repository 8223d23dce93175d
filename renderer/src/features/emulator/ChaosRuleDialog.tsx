// Add or edit one chaos rule; every field says its rule in words, the errors give the bounds.
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { CHAOS_METHODS, type ChaosRule } from '../../../../shared/api/emulator-admin';
import { AccountErrorCode } from '../../../../shared/api/errors';
import { FormDialog } from '../../components/form/FormDialog';
import { FormField } from '../../components/form/FormField';
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
  const state = useValidatedForm<ChaosForm, ChaosRule, ChaosErrors>({
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
      state={state}
      submitLabel={rule ? 'Save rule' : 'Add rule'}
    >
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={state}
          name="route"
          label="Route pattern"
          hint={PATTERN_HELP}
          autoFocus
          required
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT } } }}
        />
        <FormField form={state} name="method" select label="Method" sx={{ width: 140, flexShrink: 0 }}>
          <MenuItem value="">Any</MenuItem>
          {CHAOS_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </FormField>
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={state}
          name="latencyMs"
          label="Added latency"
          hint={CHAOS_RULES.latencyMs}
          fullWidth
          inputMode="numeric"
          slotProps={{ input: { endAdornment: <InputAdornment position="end">ms</InputAdornment> } }}
        />
        <FormField
          form={state}
          name="errorRate"
          label="Error rate"
          hint={`${CHAOS_RULES.errorRate} of matching requests fail`}
          fullWidth
          inputMode="decimal"
          slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        />
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={state}
          name="status"
          label="Status of a failure"
          hint={CHAOS_RULES.status}
          inputMode="numeric"
          sx={{ width: 200, flexShrink: 0 }}
        />
        <FormField form={state} name="code" select label="Error code of a failure" hint="The error field of the failure's body" fullWidth>
          {AccountErrorCode.options.map((c) => (
            <MenuItem key={c} value={c} sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
              {c}
            </MenuItem>
          ))}
        </FormField>
      </Stack>
    </FormDialog>
  );
}
