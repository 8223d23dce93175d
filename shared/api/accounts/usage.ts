// Usage and costs (01-accounts.md, Usage objects; Endpoints: Usage and limits): what the account
// spent and used over a period, every figure a sum of the emulator's metering (what each resource
// was billed for, stretch by stretch), days counted in the account's time zone. What the document
// leaves "not shown" is in docs/decisions.md, Usage and costs (issue 21).
import { z } from 'zod';
import { Granularity, oneOrMany, Timestamp } from '../common';
import { queryBool } from '../clusters/common';
import { isTimeZone } from './settings';

/**
 * The periods of the summary, GPU, endpoint and cost reads: the document's `1y` (INVALID_PERIOD) beside its summary's `180d`.
 * @internal Exported for its tests only.
 */
export const USAGE_PERIODS = ['1d', '7d', '30d', '90d', '180d', '1y'] as const;
/** The detailed timeline's periods, as its row of the document lists them. */
const DETAILED_PERIODS = ['1d', '7d', '30d', '90d'] as const;
export const UsagePeriod = z.enum(USAGE_PERIODS);
export type UsagePeriod = z.infer<typeof UsagePeriod>;

/** Days of a period (`1y` is 365 of them). */
export const PERIOD_DAYS: Record<UsagePeriod, number> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '180d': 180, '1y': 365 };

/** The billing currencies (01-accounts.md, Account settings: billing.currency). */
const USAGE_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY'] as const;
export const UsageCurrency = z.enum(USAGE_CURRENCIES);
export type UsageCurrency = z.infer<typeof UsageCurrency>;

/** The services a bill breaks down into (Summary: breakdown), in the document's order. */
const USAGE_SERVICES = ['compute', 'storage', 'dataTransfer', 'other'] as const;
export type UsageService = (typeof USAGE_SERVICES)[number];

/** What a cost belongs to: a resource of any area. */
export const UsageResourceType = z.enum(['cluster', 'endpoint', 'training_job', 'dataset', 'model', 'experiment']);
export type UsageResourceType = z.infer<typeof UsageResourceType>;

const TimeZoneName = z
  .string()
  .max(64)
  .refine(isTimeZone, 'an IANA time zone such as Europe/Paris or UTC')
  .describe(
    'Days are counted in this IANA time zone (the billing time zone when absent): an emulator addition to every usage read, for days that are not UTC days.',
  );
/** A query's usage period (the document lists no values for the GPU, endpoint and cost reads: the summary's). */
const PeriodParam = UsagePeriod.default('30d').describe(
  "The usage periods: the summary's 1d, 7d, 30d, 90d, 180d, with the 1y of the INVALID_PERIOD row; the document lists no values for the GPU, endpoint and cost reads.",
);

const Money = z.number();
const Percentage = z.number().min(0).max(100);

export const UsageSummaryQuery = z.strictObject({
  period: PeriodParam,
  /** Days are counted in this zone; the account's billing time zone when absent. */
  timezone: TimeZoneName.optional(),
});
export type UsageSummaryQuery = z.infer<typeof UsageSummaryQuery>;

const PeriodFields = {
  period: UsagePeriod,
  periodStart: Timestamp,
  periodEnd: Timestamp,
  timezone: z.string(),
  currency: UsageCurrency,
};

const TopResource = z.object({
  type: UsageResourceType,
  id: z.string(),
  name: z.string(),
  cost: Money,
  /** GPU-hours (0 for what holds no GPU). */
  hours: z.number(),
  percentage: Percentage,
});

export const UsageSummaryResponse = z.object({
  ...PeriodFields,
  summary: z.object({
    totalCost: Money,
    /** GPU-hours. */
    totalComputeHours: z.number(),
    totalEndpointExecutions: z.number().int(),
    /** With its unit, e.g. `12.4 GB`. */
    totalDataTransfer: z.string(),
    averageDailyCost: Money,
    /** Against the period of the same length before it, e.g. `+12.5%`; `n/a` when that one cost nothing. */
    costTrend: z.string(),
  }),
  breakdown: z.object({
    compute: z.object({ cost: Money, hours: z.number(), percentage: Percentage }),
    storage: z.object({ cost: Money, gb: z.number(), percentage: Percentage }),
    dataTransfer: z.object({ cost: Money, gb: z.number(), percentage: Percentage }),
    other: z.object({ cost: Money, percentage: Percentage }),
  }),
  topResources: z.array(TopResource),
});
export type UsageSummaryResponse = z.infer<typeof UsageSummaryResponse>;

const DETAILED_RESOURCES = ['gpu', 'storage', 'transfer'] as const;

export const DetailedUsageQuery = z.strictObject({
  period: z.enum(DETAILED_PERIODS).default('7d'),
  granularity: Granularity.default('day'),
  /** Which groups each timeline entry's `resources` holds, comma-separated; `gpu` when absent. */
  resources: oneOrMany(DETAILED_RESOURCES, 'one or more of gpu, storage, transfer')
    .optional()
    .describe(
      'A comma-separated list of them, or the parameter repeated (gpu, storage, transfer): which groups each timeline entry holds; gpu when absent.',
    ),
  timezone: TimeZoneName.optional(),
});
export type DetailedUsageQuery = z.infer<typeof DetailedUsageQuery>;

const GpuSlice = z.object({ hours: z.number(), cost: Money });

export const TimelineEntry = z.object({
  /** The bucket's start (a local midnight for days and weeks). */
  date: Timestamp,
  cost: Money,
  computeHours: z.number(),
  executions: z.number().int(),
  /** GB. */
  dataTransfer: z.number(),
  resources: z.object({
    gpu: z.record(z.string(), GpuSlice).optional(),
    storage: z.object({ gb: z.number(), cost: Money }).optional(),
    transfer: z.object({ gb: z.number(), cost: Money }).optional(),
  }),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** One day of the forecast band: the expected cost and its prediction interval. */
const ForecastDay = z.object({ date: Timestamp, cost: Money, low: Money, high: Money });

export const DetailedUsageResponse = z.object({
  period: z.enum(DETAILED_PERIODS),
  granularity: Granularity,
  periodStart: Timestamp,
  periodEnd: Timestamp,
  timezone: z.string(),
  currency: UsageCurrency,
  timeline: z.array(TimelineEntry),
  projections: z.object({
    /** This calendar month's spend so far plus the forecast of its remaining days. */
    monthlyEstimate: Money,
    /** This calendar month's spend so far (in the account's time zone). */
    monthToDate: Money,
    /** Mean daily cost over the days the forecast is fitted on. */
    dailyAverage: Money,
    /** The probability the month's total falls within `monthlyRange` (the prediction interval's level). */
    confidence: z.number().min(0).max(1),
    monthlyRange: z.object({ low: Money, high: Money }),
    /** How the forecast was made, in words (the method and the days it rests on). */
    method: z.string(),
    /** The rest of the month, day by day. */
    forecast: z.array(ForecastDay),
  }),
});
export type DetailedUsageResponse = z.infer<typeof DetailedUsageResponse>;

export const UsageQuery = z.strictObject({ period: PeriodParam, timezone: TimeZoneName.optional() });

export const GpuUsageQuery = UsageQuery.extend({ includeMetrics: queryBool(false) });
export type GpuUsageQuery = z.infer<typeof GpuUsageQuery>;

export const CostsQuery = UsageQuery.extend({
  breakdown: z.enum(['service', 'resource', 'region', 'team']).default('service'),
  currency: UsageCurrency.default('USD').describe(
    'The billing currencies (USD, EUR, GBP, JPY), at the fixed rates answered as exchangeRate.',
  ),
});
export type CostsQuery = z.infer<typeof CostsQuery>;

export const CostsResponse = z.object({
  ...PeriodFields,
  breakdown: z.object({
    by: z.enum(['service', 'resource', 'region', 'team']),
    items: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        cost: Money,
        percentage: Percentage,
        /** The item's cost by service (adds up to `cost`): what a cluster's compute or storage cost. */
        services: z.object({ compute: Money, storage: Money, dataTransfer: Money, other: Money }),
      }),
    ),
  }),
  totalCost: Money,
  services: z.array(
    z.object({
      service: z.enum(USAGE_SERVICES),
      cost: Money,
      percentage: Percentage,
      details: z.object({ resources: z.number().int(), hours: z.number(), gb: z.number() }),
    }),
  ),
  trends: z.object({ weekOverWeek: z.string(), monthOverMonth: z.string() }),
  /** What one USD is in `currency` (docs/decisions.md: the fixed rates). */
  exchangeRate: z.number(),
});
export type CostsResponse = z.infer<typeof CostsResponse>;

const ShareOfTotal = z.number().min(0).max(100);

const GpuUsageDay = z.object({
  /** The local day's start. */
  date: Timestamp,
  hours: z.number(),
  cost: Money,
  /** Mean GPU utilisation (%) over the GPU-hours measured that day; null when none ran. */
  utilization: z.number().min(0).max(100).nullable(),
  sessions: z.number().int(),
});

export const GpuUsageEntry = z.object({
  gpuType: z.string(),
  /** GPU-hours. */
  totalHours: z.number(),
  totalCost: Money,
  /** Mean (%) over the GPU-hours the metrics simulator measured (clusters); null when none were. */
  averageUtilization: z.number().min(0).max(100).nullable(),
  /** The highest hourly mean (%). */
  peakUtilization: z.number().min(0).max(100).nullable(),
  /** Stretches of steady use that met the period: cluster sessions, endpoint serving, job runs. */
  sessions: z.number().int(),
  /** Hours of GPU time per session (GPU-hours ÷ GPUs held ÷ sessions). */
  averageSessionDuration: z.number(),
  /**
   * With `includeMetrics=true`, over the GPU-hours measured: memory in use (%), core temperature (°C)
   * and efficiency, the share (%) of them in hours at or above the idle threshold's default (used, not idle).
   */
  performance: z
    .object({
      averageMemoryUsage: z.number().min(0).max(100).nullable(),
      averageTemperature: z.number().nullable(),
      efficiency: z.number().min(0).max(100).nullable(),
    })
    .optional(),
  usage: z.array(GpuUsageDay),
});
export type GpuUsageEntry = z.infer<typeof GpuUsageEntry>;

export const GpuUsageResponse = z.object({ ...PeriodFields, gpuUsage: z.array(GpuUsageEntry) });
export type GpuUsageResponse = z.infer<typeof GpuUsageResponse>;

/** Utilisation (%) under which a GPU-hour is idle, by default (docs/decisions.md, Usage and costs: idle GPU money). */
export const IDLE_THRESHOLD_DEFAULT = 10;

export const IdleGpuQuery = UsageQuery.extend({
  /** An hour's mean utilisation (%) under which its GPU time counts as idle. */
  threshold: z.coerce.number().min(1).max(50).default(IDLE_THRESHOLD_DEFAULT),
});
export type IdleGpuQuery = z.infer<typeof IdleGpuQuery>;

export const IdleCluster = z.object({
  clusterId: z.string(),
  name: z.string(),
  gpuType: z.string(),
  status: z.string(),
  /** GPU-hours paid while the hour's mean utilisation stayed under the threshold, and their cost. */
  idleHours: z.number(),
  idleCost: Money,
  /** Of all the GPU-hours the cluster was paid for in the period. */
  paidHours: z.number(),
  idleShare: ShareOfTotal,
  /** The longest run of idle hours, for the metrics link (the hours to look at). */
  longestIdle: z.object({ start: Timestamp, end: Timestamp }).nullable(),
});
export type IdleCluster = z.infer<typeof IdleCluster>;

export const IdleGpuResponse = z.object({
  ...PeriodFields,
  threshold: z.number(),
  totalIdleCost: Money,
  totalIdleHours: z.number(),
  clusters: z.array(IdleCluster),
});
export type IdleGpuResponse = z.infer<typeof IdleGpuResponse>;

const EndpointUsageDay = z.object({
  date: Timestamp,
  executions: z.number().int(),
  computeHours: z.number(),
  cost: Money,
  /** ms, weighted by executions; null when none ran. */
  averageExecutionTime: z.number().nullable(),
});

export const EndpointUsageEntry = z.object({
  endpointId: z.string(),
  name: z.string(),
  executions: z.number().int(),
  /** GPU-hours of its workers. */
  computeHours: z.number(),
  cost: Money,
  averageExecutionTime: z.number().nullable(),
  /** % of executions that succeeded; null when none ran. */
  successRate: z.number().min(0).max(100).nullable(),
  usage: z.array(EndpointUsageDay),
  topUsers: z.array(z.object({ userId: z.string(), executions: z.number().int(), percentage: ShareOfTotal })),
});
export type EndpointUsageEntry = z.infer<typeof EndpointUsageEntry>;

export const EndpointUsageResponse = z.object({
  ...PeriodFields,
  endpointUsage: z.array(EndpointUsageEntry),
  summary: z.object({
    totalExecutions: z.number().int(),
    totalCost: Money,
    /** Cost per execution; null when none ran. */
    averageExecutionCost: z.number().nullable(),
    /** The endpoint with the most executions; null when none ran. */
    mostUsedEndpoint: z.string().nullable(),
  }),
});
export type EndpointUsageResponse = z.infer<typeof EndpointUsageResponse>;

const USAGE_ALERT_STATUSES = ['ok', 'warning', 'triggered'] as const;

export const UsageAlert = z.object({
  id: z.string().regex(/^alert_[A-Za-z0-9_]+$/),
  name: z.string(),
  type: z.enum(['cost', 'compute_hours']),
  /** USD for cost alerts, GPU-hours for compute-hour alerts. */
  threshold: z.number(),
  current: z.number(),
  percentage: z.number().min(0),
  /** `warning` from 80 % of the threshold; `triggered` once reached in the current period. */
  status: z.enum(USAGE_ALERT_STATUSES),
  /** When the current period's spending (or hours) reached the threshold; null when it has not. */
  triggeredAt: Timestamp.nullable(),
  /** Notifications delivered for it in the current period (webhook deliveries and emails). */
  notificationsSent: z.number().int(),
  period: z.enum(['daily', 'weekly', 'monthly']),
  periodStart: Timestamp,
  /** For compute-hour alerts: the member the role's limit applies to. */
  userId: z.string().optional(),
  enabled: z.boolean(),
});
export type UsageAlert = z.infer<typeof UsageAlert>;

export const UsageAlertsResponse = z.object({
  alerts: z.array(UsageAlert),
  settings: z.object({ emailNotifications: z.boolean(), chatNotifications: z.boolean(), webhookUrl: z.string().nullable() }),
});
export type UsageAlertsResponse = z.infer<typeof UsageAlertsResponse>;

/** Fixed conversion rates from USD (docs/decisions.md, Usage and costs: currencies). */
export const USD_RATES: Record<UsageCurrency, number> = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 150 };
