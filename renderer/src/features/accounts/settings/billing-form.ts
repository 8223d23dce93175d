// The billing section as a form: currency and time zone, the billing address (its country an
// ISO code chosen by name), auto-recharge, and the cost alerts (rows). The payment method is
// read-only here (the API offers no way to change it).
import {
  SETTINGS_BOUNDS,
  UpdateBillingRequest,
  type COST_ALERT_PERIODS,
  type CURRENCIES,
} from '../../../../../shared/api/accounts/settings';
import type { SectionFormSpec } from './section-form';
import { typedNumber } from './section-form';
import type { Settings } from './settings-store';

type Billing = Settings['billing'];
type AddressField = keyof Billing['billing_address'];

export interface CostAlertRow {
  id: number;
  threshold: string;
  period: (typeof COST_ALERT_PERIODS)[number];
  enabled: boolean;
}

export interface BillingForm {
  currency: (typeof CURRENCIES)[number];
  timezone: string;
  name: string;
  company: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** An ISO 3166-1 alpha-2 code, or '' for none. */
  country: string;
  rechargeEnabled: boolean;
  rechargeThreshold: string;
  rechargeAmount: string;
  costAlerts: CostAlertRow[];
}

export const ADDRESS_FIELDS: readonly { member: Exclude<AddressField, 'country'>; label: string }[] = [
  { member: 'name', label: 'Name' },
  { member: 'company', label: 'Company' },
  { member: 'address', label: 'Street address' },
  { member: 'city', label: 'City' },
  { member: 'state', label: 'State or region' },
  { member: 'zip', label: 'Postal code' },
];

const money = (n: number) => n.toLocaleString('en-US');
/** The rule of an amount, in the section's currency. */
export const rechargeRule = (currency: string) => `0 to ${money(SETTINGS_BOUNDS.rechargeMax)} ${currency}`;
export const thresholdRule = (currency: string) => `0 to ${money(SETTINGS_BOUNDS.costAlertThresholdMax)} ${currency}`;

let nextRowId = 1;
export const costAlertRow = (alert?: Billing['cost_alerts'][number]): CostAlertRow => ({
  id: nextRowId++,
  threshold: alert ? String(alert.threshold) : '',
  period: alert?.period ?? 'monthly',
  enabled: alert?.enabled ?? true,
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const COST_ROW = /^cost_alerts\.\d+(\.\w+)?$/;

/** The billing spec; `currency()` is the one the form shows now (the amounts' rules name it). */
export function billingSpec(currency: () => string): SectionFormSpec<Billing, BillingForm, UpdateBillingRequest> {
  return {
    fromSection: (s) => ({
      currency: s.currency,
      timezone: s.timezone,
      name: s.billing_address.name ?? '',
      company: s.billing_address.company ?? '',
      address: s.billing_address.address ?? '',
      city: s.billing_address.city ?? '',
      state: s.billing_address.state ?? '',
      zip: s.billing_address.zip ?? '',
      country: s.billing_address.country ?? '',
      rechargeEnabled: s.auto_recharge.enabled,
      rechargeThreshold: String(s.auto_recharge.threshold),
      rechargeAmount: String(s.auto_recharge.amount),
      costAlerts: s.cost_alerts.map(costAlertRow),
    }),
    toRequest: (f) => ({
      currency: f.currency,
      timezone: f.timezone,
      billing_address: {
        name: orNull(f.name),
        company: orNull(f.company),
        address: orNull(f.address),
        city: orNull(f.city),
        state: orNull(f.state),
        zip: orNull(f.zip),
        country: orNull(f.country),
      },
      auto_recharge: { enabled: f.rechargeEnabled, threshold: typedNumber(f.rechargeThreshold), amount: typedNumber(f.rechargeAmount) },
      cost_alerts: f.costAlerts.map((r) => ({ threshold: typedNumber(r.threshold), period: r.period, enabled: r.enabled })),
    }),
    schema: UpdateBillingRequest,
    members: {
      currency: 'currency',
      timezone: 'timezone',
      'billing_address.name': 'name',
      'billing_address.company': 'company',
      'billing_address.address': 'address',
      'billing_address.city': 'city',
      'billing_address.state': 'state',
      'billing_address.zip': 'zip',
      'billing_address.country': 'country',
      'auto_recharge.enabled': 'rechargeEnabled',
      'auto_recharge.threshold': 'rechargeThreshold',
      'auto_recharge.amount': 'rechargeAmount',
      cost_alerts: 'costAlerts',
    },
    memberOf: (key) => (COST_ROW.test(key) ? 'costAlerts' : undefined),
    ruleOf: (key) => {
      if (key === 'auto_recharge.threshold' || key === 'auto_recharge.amount') return rechargeRule(currency());
      if (/^cost_alerts\.\d+\.threshold$/.test(key)) return thresholdRule(currency());
      if (key === 'cost_alerts') return `At most ${SETTINGS_BOUNDS.costAlerts} alerts`;
      return undefined;
    },
  };
}
