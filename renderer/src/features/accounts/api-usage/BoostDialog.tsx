// "Request a temporary boost": multiplier, duration and reason, each field showing its rule in
// the user's words; a server refusal about a field is shown on it (the duration's on the amount).
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TemporaryBoostRequest } from '../../../../../shared/api/accounts/api-keys';
import { placeApiError } from '../../../components/form/api-error-fields';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { notify } from '../../../platform/notifications-store';
import { BOOST_RULES, validateBoost, type BoostForm } from './api-usage-format';
import { useApiUsage } from './api-usage-store';

const LABELS = { multiplier: 'Multiplier', amount: 'Duration', reason: 'Reason' };
const MEMBERS = { multiplier: 'multiplier', amount: 'amount', reason: 'reason' } as const;

export function BoostDialog({ open, onClose, onBoosted }: { open: boolean; onClose(): void; onBoosted(): void }) {
  const state = useValidatedForm<BoostForm, TemporaryBoostRequest>({
    open,
    initial: () => ({ multiplier: '2', amount: '24', unit: 'h', reason: '' }),
    validate: validateBoost,
    placeApiError: (error) => placeApiError(error, { members: MEMBERS, rename: (path) => (path === 'duration' ? 'amount' : path) }),
    submit: async (request) => {
      const { boost } = await useApiUsage.getState().requestBoost(request);
      notify('success', `Limits multiplied by ${boost.multiplier} until ${new Date(boost.expiresAt).toLocaleString()}`);
      onBoosted();
      onClose();
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="boost-dialog"
      titleId="boost-title"
      title="Request a temporary boost"
      subtitle={
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, mt: -1, mb: 1 }}>
          Multiplies the plan&apos;s hourly limits (reads, writes, AI services) until it ends. A new boost replaces the current one.
        </Typography>
      }
      state={state}
      fieldLabels={LABELS}
      submitLabel="Request boost"
      submitTestId="boost-submit"
    >
      <FormField form={state} name="multiplier" label="Multiplier" inputMode="decimal" hint={BOOST_RULES.multiplier} required autoFocus />
      <Stack direction="row" spacing={1}>
        <FormField form={state} name="amount" label="Duration" inputMode="numeric" hint={BOOST_RULES.duration} required sx={{ flex: 1 }} />
        <FormField form={state} name="unit" label="Unit" select sx={{ width: 140 }}>
          <MenuItem value="m">minutes</MenuItem>
          <MenuItem value="h">hours</MenuItem>
          <MenuItem value="d">days</MenuItem>
        </FormField>
      </Stack>
      <FormField form={state} name="reason" label="Reason" lines={2} hint={BOOST_RULES.reason} required />
    </FormDialog>
  );
}
