// The usage dashboard's words and addresses: the periods it offers, where each cost leads (the
// resource that spent it, by the id's kind: each feature's detail route), and a refusal for
// want of the billing scope in the user's words.
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { UsagePeriod, UsageResourceType, UsageService } from '../../../../../shared/api/accounts/usage';
import type { DetailedPeriod } from './usage-store';

export const PERIOD_LABELS: ReadonlyArray<[UsagePeriod, string]> = [
  ['1d', 'Today'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['90d', '90 days'],
  ['180d', '180 days'],
  ['1y', '1 year'],
];

export const isUsagePeriod = (v: string): v is UsagePeriod => PERIOD_LABELS.some(([p]) => p === v);

// The detailed read's periods (DETAILED_PERIODS), spelt here as types only: the prefetch's
// chunk stays without the schemas (zod) that the contract's values would bring.
const DETAILED: Record<DetailedPeriod, true> = { '1d': true, '7d': true, '30d': true, '90d': true };

/** The timeline's period for a dashboard period: the detailed read goes to 90 days at most. */
export function detailedPeriodOf(period: UsagePeriod): DetailedPeriod {
  return period in DETAILED ? (period as DetailedPeriod) : '90d';
}

export const SERVICE_NAMES: Record<UsageService, string> = {
  compute: 'Compute',
  storage: 'Storage',
  dataTransfer: 'Data transfer',
  other: 'Other',
};

/** The services in the bill's order (USAGE_SERVICES, from the names: the page's chunk brings no schemas). */
export const SERVICES = Object.keys(SERVICE_NAMES) as UsageService[];

const PREFIXES: ReadonlyArray<[string, UsageResourceType]> = [
  ['cluster_', 'cluster'],
  ['ep_', 'endpoint'],
  ['job_', 'training_job'],
  ['ds_', 'dataset'],
  ['model_', 'model'],
  ['exp_', 'experiment'],
];

/** A resource's kind from its id (the costs route's resource items name only the id). */
export function resourceTypeOf(id: string): UsageResourceType | null {
  return PREFIXES.find(([prefix]) => id.startsWith(prefix))?.[1] ?? null;
}

/** The console's address of a resource's detail (`#` not included); null for what has none. */
export function resourcePath(type: UsageResourceType | null, id: string): string | null {
  const at = encodeURIComponent(id);
  switch (type) {
    case 'cluster':
      return `/clusters/${at}`;
    case 'endpoint':
      return `/endpoints/${at}`;
    case 'training_job':
      return `/training/jobs/${at}`;
    case 'dataset':
      return `/training/datasets/${at}`;
    case 'model':
      return `/models/${at}`;
    case 'experiment':
      return `/experiments/${at}`;
    default:
      return null;
  }
}

export const RESOURCE_TYPE_NAMES: Record<UsageResourceType, string> = {
  cluster: 'Cluster',
  endpoint: 'Endpoint',
  training_job: 'Training job',
  dataset: 'Dataset',
  model: 'Model',
  experiment: 'Experiment',
};

/** A read refused for want of the billing scope, said as what to do; null for any other failure. */
export function billingScopeText(error: NormalizedError): string | null {
  if (error.status !== 403) return null;
  const scope = typeof error.details.requiredScope === 'string' ? error.details.requiredScope : null;
  if (scope !== null && scope !== 'billing') return null;
  return 'Usage and costs are billing data: the API key this profile uses lacks the billing scope. Use a key with the billing scope (API keys → edit the key, or create one with it), or ask an owner for one.';
}

/** A cost of a fraction of a cent (an execution's) to three significant digits, e.g. `$0.000147`. */
export function smallMoney(amount: number, currency: string): string {
  if (amount >= 0.01 || amount === 0) return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumSignificantDigits: 3 }).format(amount);
}

export const hours = (h: number) => `${h.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
export const count = (n: number) => n.toLocaleString('en-US');
export const percentText = (p: number | null) => (p === null ? '—' : `${p.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`);
