// Billing: currency and the time zone its days are counted in, the payment method (read-only),
// the billing address, auto-recharge, and the cost alerts (threshold in the section's currency,
// period, on/off).
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useMemo, useRef } from 'react';
import { COST_ALERT_PERIODS, CURRENCIES, SETTINGS_BOUNDS } from '../../../../../shared/api/accounts/settings';
import { Section } from '../../../components/Section';
import { FormField } from '../../../components/form/FormField';
import { RowsEditor } from '../../../components/form/RowsEditor';
import { ADDRESS_FIELDS, billingSpec, costAlertRow, rechargeRule, thresholdRule, type CostAlertRow } from './billing-form';
import { EditorFrame } from './EditorFrame';
import { CountryField, ReadOnlyField, SwitchField, TimeZoneField } from './fields';
import type { Settings } from './settings-store';
import { useSectionEditor } from './use-section-editor';

const PERIOD_LABELS: Record<CostAlertRow['period'], string> = { daily: 'Per day', weekly: 'Per week', monthly: 'Per month' };

export function BillingEditor({ section }: { section: Settings['billing'] }) {
  // The amounts' rules name the currency being chosen, which may not be the saved one yet.
  const currency = useRef(section.currency);
  const spec = useMemo(() => billingSpec(() => currency.current), []);
  const editor = useSectionEditor('billing', section, spec);
  currency.current = editor.form.currency;
  const { form, update, errors } = editor;
  const pm = section.payment_method;
  return (
    <EditorFrame editor={editor} label="Billing">
      <Section
        title="Currency and time zone"
        description="Amounts are shown in the currency; days, weeks and months start in the time zone"
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <FormField form={editor} name="currency" select label="Currency" sx={{ width: 160 }}>
            {CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </FormField>
          <Box sx={{ flex: 1 }}>
            <TimeZoneField
              label="Billing time zone"
              value={form.timezone}
              onChange={(timezone) => update({ timezone })}
              error={errors.timezone}
            />
          </Box>
        </Stack>
      </Section>

      <Section title="Payment method">
        {pm ? (
          <ReadOnlyField
            label={pm.type === 'card' ? 'Card' : pm.type}
            value={`${pm.brand.charAt(0).toUpperCase()}${pm.brand.slice(1)} ending in ${pm.last_four}, expires ${pm.expires}`}
            note="Read-only here: the payment method is changed with the billing provider"
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No payment method on file; it is added with the billing provider.
          </Typography>
        )}
      </Section>

      <Section title="Billing address" description="As it appears on invoices">
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 0.5 }}>
          {ADDRESS_FIELDS.map(({ member, label }) => (
            <FormField
              key={member}
              form={editor}
              name={member}
              errorKey={`billing_address.${member}`}
              label={label}
              hint={member === 'zip' ? 'At most 20 characters' : `At most ${SETTINGS_BOUNDS.textLength} characters`}
            />
          ))}
          <CountryField value={form.country} onChange={(country) => update({ country })} error={errors['billing_address.country']} />
        </Box>
      </Section>

      <Section title="Auto-recharge" description="Tops the balance up when it falls below a minimum">
        <Stack spacing={1.5}>
          <SwitchField label="Recharge automatically" checked={form.rechargeEnabled} onChange={(on) => update({ rechargeEnabled: on })} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <FormField
              form={editor}
              name="rechargeThreshold"
              errorKey="auto_recharge.threshold"
              label={`When the balance is below (${form.currency})`}
              inputMode="decimal"
              hint={rechargeRule(form.currency)}
              disabled={!form.rechargeEnabled}
              sx={{ width: 280 }}
            />
            <FormField
              form={editor}
              name="rechargeAmount"
              errorKey="auto_recharge.amount"
              label={`Add (${form.currency})`}
              inputMode="decimal"
              hint={rechargeRule(form.currency)}
              disabled={!form.rechargeEnabled}
              sx={{ width: 280 }}
            />
          </Stack>
        </Stack>
      </Section>

      <Section
        title="Cost alerts"
        description={`Notify when spending in a period crosses a threshold; up to ${SETTINGS_BOUNDS.costAlerts} alerts`}
        testId="cost-alerts"
      >
        {form.costAlerts.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            No cost alerts. Add one to be told when spending in a day, week or month crosses an amount.
          </Typography>
        )}
        <RowsEditor<CostAlertRow>
          rows={form.costAlerts}
          onChange={(costAlerts) => update({ costAlerts })}
          newRow={() => costAlertRow()}
          addLabel="Add cost alert"
          removeLabel={(i) => `Remove cost alert ${i + 1}`}
          renderRow={(row, i, set) => (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', flex: 1 }} data-testid="cost-alert-row">
              <TextField
                size="small"
                label={`Threshold (${form.currency})`}
                value={row.threshold}
                onChange={(e) => set({ threshold: e.target.value })}
                error={Boolean(errors[`cost_alerts.${i}.threshold`])}
                helperText={errors[`cost_alerts.${i}.threshold`] ?? thresholdRule(form.currency)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ width: 260 }}
              />
              <TextField
                size="small"
                select
                label="Period"
                value={row.period}
                onChange={(e) => set({ period: e.target.value as CostAlertRow['period'] })}
                helperText=" "
                sx={{ width: 160 }}
              >
                {COST_ALERT_PERIODS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {PERIOD_LABELS[p]}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" sx={{ alignItems: 'center', height: 40 }}>
                <Switch
                  size="small"
                  checked={row.enabled}
                  onChange={(_, on) => set({ enabled: on })}
                  slotProps={{ input: { 'aria-label': `Cost alert ${i + 1} on` } }}
                />
                <Typography variant="body2">{row.enabled ? 'On' : 'Off'}</Typography>
              </Stack>
            </Stack>
          )}
        />
        {errors.cost_alerts && (
          <Typography variant="caption" color="error">
            {errors.cost_alerts}
          </Typography>
        )}
      </Section>
    </EditorFrame>
  );
}
