// Account settings (01-accounts.md, Account settings; Endpoints: Settings): five sections,
// read whole and updated one section at a time. Every bound and vocabulary of the document is
// declared here once: the emulator validates with it and the console's editors show its rules.
//
// Write-only values (`access_token`, `api_key`, the webhook `secret`) are never answered back:
// they read as REDACTED when set and null when not. In an update a string sets or replaces
// one, null clears it, and REDACTED (what a read gave) keeps it, so a read → edit → write
// round trip never overwrites a secret with asterisks (docs/decisions.md, Settings).
import ipaddr from 'ipaddr.js';
import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { KNOWN_REGIONS } from '../clusters/common';
import { Timestamp } from '../common';
import { EVENT_TYPES } from './event-types';

import { SETTINGS_SECTIONS, type SettingsSection } from './settings-sections';

export { SETTINGS_SECTIONS, type SettingsSection };

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY'] as const;
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const;
/** Each language in its own words, as the console's pickers show it. */
export const LANGUAGE_NAMES: Readonly<Record<(typeof LANGUAGES)[number], string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
  zh: '中文',
};
export const THEMES = ['light', 'dark', 'auto'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY/MM/DD'] as const;
export const NUMBER_FORMATS = ['1,234.56', '1.234,56', '1 234,56'] as const;
export const EMAIL_FREQUENCIES = ['immediate', 'daily_digest', 'weekly_digest'] as const;
export const TWO_FACTOR_METHODS = ['totp', 'sms'] as const;
export const COST_ALERT_PERIODS = ['daily', 'weekly', 'monthly'] as const;

/** What a set write-only value reads as. */
export const REDACTED = '********';

/** Bounds of the document (Limits: Other bounds) and, where it gives none, ours (docs/decisions.md, Settings). */
export const SETTINGS_BOUNDS = {
  maxApiKeys: { min: 1, max: 50 },
  sessionTimeoutHours: { min: 1, max: 168 },
  concurrentSessions: { min: 1, max: 10 },
  auditRetentionDays: { min: 30, max: 365 },
  allowListEntries: 100,
  costAlerts: 20,
  costAlertThresholdMax: 1_000_000_000,
  rechargeMax: 10_000_000,
  repositories: 100,
  registries: 20,
  urlLength: 2048,
  textLength: 200,
} as const;

// ---- value rules, shared with the console's fields --------------------------------------

/** An IANA time zone name the platform's clock library knows ("Europe/Paris", "UTC"); no offsets like "+01:00". */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * An ISO 3166-1 alpha-2 code that is assigned (upper case: "DE", not "de" or "ZZ").
 * @internal Exported for its tests only.
 */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && countries.isValid(value);
}

export type AllowEntry = { ok: true; normalized: string } | { ok: false; reason: string };

/**
 * One allow-list entry: an address or a CIDR range, IPv4 in plain dotted decimal only (ipaddr.js
 * would also read "10.1" or "0x7f.1" as addresses: an operator typing those meant something else)
 * and a range without host bits ("10.0.0.1/8" names 10.0.0.0/8 only by accident: refused with the
 * range meant). Normalized: IPv6 in its short form, an IPv4-mapped IPv6 address as IPv4.
 */
export function parseAllowEntry(raw: string): AllowEntry {
  const value = raw.trim();
  if (value === '' || value.length > 64) return { ok: false, reason: 'an address or a range such as 203.0.113.0/24' };
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length) return { ok: false, reason: 'one "/" at most, before the prefix length' };
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  if (address.includes(':')) {
    if (!ipaddr.IPv6.isValid(address)) return { ok: false, reason: `${address} is not an IPv6 address` };
    ip = ipaddr.IPv6.parse(address);
    // One address written as IPv4-mapped IPv6 is the IPv4 address a server sees.
    if (prefix === undefined && ip.isIPv4MappedAddress()) return { ok: true, normalized: ip.toIPv4Address().toString() };
  } else {
    if (!ipaddr.IPv4.isValidFourPartDecimal(address))
      return { ok: false, reason: `${address} is not an IPv4 address in dotted decimal (four numbers 0-255)` };
    ip = ipaddr.IPv4.parse(address);
  }
  const bits = ip.kind() === 'ipv4' ? 32 : 128;
  if (prefix === undefined) return { ok: true, normalized: ip.toString() };
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
    return { ok: false, reason: `the prefix length is 0 to ${bits} for ${ip.kind() === 'ipv4' ? 'IPv4' : 'IPv6'}` };
  const length = Number(prefix);
  const network = ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(value) : ipaddr.IPv6.networkAddressFromCIDR(value);
  if (network.toString() !== ip.toString()) {
    return { ok: false, reason: `${value} has host bits set: the range is ${network.toString()}/${length}` };
  }
  return { ok: true, normalized: `${network.toString()}/${length}` };
}

/** Whether `address` (as a server sees it) is in one of the normalized entries. */
export function allowListIncludes(entries: readonly string[], address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  for (const entry of entries) {
    try {
      if (entry.includes('/')) {
        const range = ipaddr.parseCIDR(entry);
        if (range[0].kind() === ip.kind() && ip.match(range)) return true;
      } else {
        const one = ipaddr.parse(entry);
        if (one.kind() === ip.kind() && one.toString() === ip.toString()) return true;
      }
    } catch {
      // A stored entry was validated on the way in; one that no longer parses matches nothing.
    }
  }
  return false;
}

/** An http(s) address with a host and no spaces (the contract is shared by main and the renderer, whose URL parsers differ). */
const httpsUrl = (what: string) =>
  z
    .string()
    .max(SETTINGS_BOUNDS.urlLength)
    .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i, `${what}: an http or https address`);

const Text = z.string().max(SETTINGS_BOUNDS.textLength);
const TimeZone = z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Paris or UTC');
const Country = z.string().refine(isCountryCode, 'an ISO 3166-1 alpha-2 country code such as DE or US');
/** An allow-list entry, stored in its normalized form (so the list compares and diffs as the server reads it). */
const AllowEntryField = z.string().transform((v, ctx) => {
  const parsed = parseAllowEntry(v);
  if (parsed.ok) return parsed.normalized;
  ctx.addIssue({ code: 'custom', message: parsed.reason });
  return z.NEVER;
});
/** A write-only value in an update: a string sets it, null clears it, REDACTED keeps it. */
const WriteOnly = z.string().min(1).max(SETTINGS_BOUNDS.urlLength).nullable();
/** A write-only value as read. */
const WriteOnlyRead = z.literal(REDACTED).nullable();
const Money = (max: number) => z.number().min(0).max(max);

// ---- the sections: as read (write-only values REDACTED or null) and as stored (the values) ----

const EmailAlerts = z.object({
  cost_alerts: z.boolean(),
  usage_warnings: z.boolean(),
  security_notifications: z.boolean(),
  system_updates: z.boolean(),
  marketing_emails: z.boolean(),
});
const ChatAlerts = z.object({ endpoint_failures: z.boolean(), cost_thresholds: z.boolean(), cluster_events: z.boolean() });

const CostAlert = z.strictObject({
  threshold: Money(SETTINGS_BOUNDS.costAlertThresholdMax),
  period: z.enum(COST_ALERT_PERIODS),
  enabled: z.boolean().default(true),
});
const BillingAddress = z.object({
  name: Text.nullable(),
  company: Text.nullable(),
  address: Text.nullable(),
  city: Text.nullable(),
  state: Text.nullable(),
  zip: z.string().max(20).nullable(),
  country: z.string().nullable(),
});

/** The five sections with `secret` as the type of every write-only value. */
function sections<S extends z.ZodType>(secret: S) {
  return {
    notifications: z.object({
      email: z.object({ enabled: z.boolean(), alerts: EmailAlerts, frequency: z.enum(EMAIL_FREQUENCIES), email: z.string() }),
      chat: z.object({ enabled: z.boolean(), webhook_url: z.string().nullable(), channel: z.string().nullable(), alerts: ChatAlerts }),
      webhook: z.object({ enabled: z.boolean(), url: z.string().nullable(), events: z.array(z.enum(EVENT_TYPES)), secret }),
    }),
    billing: z.object({
      currency: z.enum(CURRENCIES),
      timezone: z.string(),
      payment_method: z.object({ type: z.string(), last_four: z.string(), expires: z.string(), brand: z.string() }).nullable(),
      billing_address: BillingAddress,
      auto_recharge: z.object({ enabled: z.boolean(), threshold: z.number(), amount: z.number() }),
      cost_alerts: z.array(z.object({ threshold: z.number(), period: z.enum(COST_ALERT_PERIODS), enabled: z.boolean() })),
    }),
    security: z.object({
      two_factor: z.object({ enabled: z.boolean(), method: z.enum(TWO_FACTOR_METHODS), backup_codes: z.number().int() }),
      api_access: z.object({ ip_whitelist: z.array(z.string()), require_ip_whitelist: z.boolean(), max_api_keys: z.number().int() }),
      session: z.object({ timeout: z.number().int(), require_reauth_for_sensitive: z.boolean(), concurrent_sessions: z.number().int() }),
      audit: z.object({ log_api_requests: z.boolean(), log_resource_access: z.boolean(), retention_days: z.number().int() }),
    }),
    integrations: z.object({
      code_host: z.object({
        enabled: z.boolean(),
        access_token: secret,
        username: z.string().nullable(),
        repositories: z.array(z.string()),
      }),
      registry: z.object({
        enabled: z.boolean(),
        registries: z.array(z.object({ url: z.string(), username: z.string().nullable(), access_token: secret })),
      }),
      monitoring: z.object({
        metrics_service: z.object({ enabled: z.boolean(), api_key: secret }),
        dashboard_service: z.object({ enabled: z.boolean(), url: z.string().nullable(), dashboard_id: z.string().nullable() }),
      }),
    }),
    preferences: z.object({
      timezone: z.string(),
      language: z.enum(LANGUAGES),
      theme: z.enum(THEMES),
      date_format: z.enum(DATE_FORMATS),
      number_format: z.enum(NUMBER_FORMATS),
      default_region: z.string(),
    }),
  };
}

const read = sections(WriteOnlyRead);

export const NotificationsSettings = read.notifications;
export const BillingSettings = read.billing;
export const SecuritySettings = read.security.extend({
  api_access: read.security.shape.api_access.extend({
    /** Added: the address this request came from, as the account sees it (the allow-list editor shows it). */
    your_address: z.string().nullable(),
  }),
});
export const IntegrationsSettings = read.integrations;
export const PreferencesSettings = read.preferences;

export const AccountSettings = z.object({
  notifications: NotificationsSettings,
  billing: BillingSettings,
  security: SecuritySettings,
  integrations: IntegrationsSettings,
  preferences: PreferencesSettings,
});
export type AccountSettings = z.infer<typeof AccountSettings>;

/** The sections as the emulator stores them: write-only values in clear (never answered), no `your_address`. */
export const StoredSettings = z.object(sections(z.string().nullable()));
export type StoredSettings = z.infer<typeof StoredSettings>;

/** GET /v2/accounts/settings: the five sections, and when they last changed (added). */
export const GetSettingsResponse = AccountSettings.extend({ updatedAt: Timestamp.nullable() });

// ---- updates: partial at every level, unknown fields refused, arrays replaced whole -------

export const UpdateNotificationsRequest = z.strictObject({
  email: z
    .strictObject({
      enabled: z.boolean(),
      alerts: EmailAlerts.strict().partial(),
      frequency: z.enum(EMAIL_FREQUENCIES),
    })
    .partial()
    .optional(),
  chat: z
    .strictObject({
      enabled: z.boolean(),
      webhook_url: httpsUrl('webhook_url').nullable(),
      channel: z.string().max(100).nullable(),
      alerts: ChatAlerts.strict().partial(),
    })
    .partial()
    .optional(),
  webhook: z
    .strictObject({
      enabled: z.boolean(),
      url: httpsUrl('url').nullable(),
      events: z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length),
      secret: WriteOnly,
    })
    .partial()
    .optional(),
});

export const UpdateBillingRequest = z.strictObject({
  currency: z.enum(CURRENCIES).optional(),
  timezone: TimeZone.optional(),
  billing_address: z
    .strictObject({ ...BillingAddress.shape, country: Country.nullable() })
    .partial()
    .optional(),
  auto_recharge: z
    .strictObject({ enabled: z.boolean(), threshold: Money(SETTINGS_BOUNDS.rechargeMax), amount: Money(SETTINGS_BOUNDS.rechargeMax) })
    .partial()
    .optional(),
  cost_alerts: z.array(CostAlert).max(SETTINGS_BOUNDS.costAlerts).optional(),
});

export const UpdateSecurityRequest = z.strictObject({
  two_factor: z
    .strictObject({ enabled: z.boolean(), method: z.enum(TWO_FACTOR_METHODS) })
    .partial()
    .optional(),
  api_access: z
    .strictObject({
      ip_whitelist: z.array(AllowEntryField).max(SETTINGS_BOUNDS.allowListEntries),
      require_ip_whitelist: z.boolean(),
      max_api_keys: z.number().int().min(SETTINGS_BOUNDS.maxApiKeys.min).max(SETTINGS_BOUNDS.maxApiKeys.max),
    })
    .partial()
    .optional(),
  session: z
    .strictObject({
      timeout: z.number().int().min(SETTINGS_BOUNDS.sessionTimeoutHours.min).max(SETTINGS_BOUNDS.sessionTimeoutHours.max),
      require_reauth_for_sensitive: z.boolean(),
      concurrent_sessions: z.number().int().min(SETTINGS_BOUNDS.concurrentSessions.min).max(SETTINGS_BOUNDS.concurrentSessions.max),
    })
    .partial()
    .optional(),
  audit: z
    .strictObject({
      log_api_requests: z.boolean(),
      log_resource_access: z.boolean(),
      retention_days: z.number().int().min(SETTINGS_BOUNDS.auditRetentionDays.min).max(SETTINGS_BOUNDS.auditRetentionDays.max),
    })
    .partial()
    .optional(),
  /**
   * Added: an update whose allow-list would refuse the caller's own address is refused with
   * SELF_LOCKOUT unless this says the caller means it (docs/decisions.md, Settings).
   */
  allow_lockout: z.boolean().optional(),
});

export const UpdateIntegrationsRequest = z.strictObject({
  code_host: z
    .strictObject({
      enabled: z.boolean(),
      access_token: WriteOnly,
      repositories: z.array(z.string().min(1).max(SETTINGS_BOUNDS.textLength)).max(SETTINGS_BOUNDS.repositories),
    })
    .partial()
    .optional(),
  registry: z
    .strictObject({
      enabled: z.boolean(),
      registries: z
        .array(z.strictObject({ url: httpsUrl('registry url'), username: Text.nullable().optional(), access_token: WriteOnly.optional() }))
        .max(SETTINGS_BOUNDS.registries),
    })
    .partial()
    .optional(),
  monitoring: z
    .strictObject({
      metrics_service: z.strictObject({ enabled: z.boolean(), api_key: WriteOnly }).partial(),
      dashboard_service: z
        .strictObject({ enabled: z.boolean(), url: httpsUrl('dashboard url').nullable(), dashboard_id: Text.nullable() })
        .partial(),
    })
    .partial()
    .optional(),
});

export const UpdatePreferencesRequest = z.strictObject({
  timezone: TimeZone.optional(),
  language: z.enum(LANGUAGES).optional(),
  theme: z.enum(THEMES).optional(),
  date_format: z.enum(DATE_FORMATS).optional(),
  number_format: z.enum(NUMBER_FORMATS).optional(),
  default_region: z.enum(KNOWN_REGIONS).optional(),
});

export type UpdateNotificationsRequest = z.infer<typeof UpdateNotificationsRequest>;
export type UpdateBillingRequest = z.infer<typeof UpdateBillingRequest>;
export type UpdateSecurityRequest = z.infer<typeof UpdateSecurityRequest>;
export type UpdateIntegrationsRequest = z.infer<typeof UpdateIntegrationsRequest>;
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequest>;

// ---- the chat notification test ---------------------------------------------------------

/**
 * 01 marks none of the test's fields required: without `webhook_url` the saved chat settings
 * are tested (their address and channel); `type` is `chat`, the one kind the document names.
 */
export const NotificationTestRequest = z.strictObject({
  type: z.literal('chat').default('chat'),
  webhook_url: httpsUrl('webhook_url').optional(),
  channel: z.string().max(100).optional(),
});

export const NotificationTestResponse = z.object({
  test: z.object({
    type: z.literal('chat'),
    /** `sent`: the hook answered 2xx; `failed`: it answered something else or could not be reached (docs/decisions.md, Events). */
    status: z.enum(['sent', 'failed']),
    message: z.string(),
    timestamp: Timestamp,
    response: z.object({
      chat_response: z.object({ status: z.number().int().nullable(), body: z.string(), durationMs: z.number() }).nullable(),
    }),
  }),
});
