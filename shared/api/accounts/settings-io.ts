// Settings as code (01-accounts.md, Endpoints: Settings — export and import): the export document,
// the import request (which takes exactly what export produced, in JSON or YAML) and the PLAN an
// import answers — what would be added, changed and removed per field, and the risks — shared
// with the console, which shows it before applying (docs/decisions.md, Settings: export and import).
import { stringify } from 'yaml';
import { z } from 'zod';
import { Timestamp } from '../common';
import {
  SETTINGS_SECTIONS,
  SETTINGS_BOUNDS,
  StoredSettings,
  UpdateBillingRequest,
  UpdateIntegrationsRequest,
  UpdateNotificationsRequest,
  UpdatePreferencesRequest,
  UpdateSecurityRequest,
} from './settings';

/** The settings format version export writes into `metadata.version` and import accepts (01-accounts.md, Versioning 2). */
export const SETTINGS_FORMAT_VERSION = '1';
const EXPORT_FORMATS = ['json', 'yaml'] as const;
/** `overwrite` (the document's value) is the only strategy: what a file gives replaces what is there (docs/decisions.md). */
const MERGE_STRATEGIES = ['overwrite'] as const;

// ---- export -------------------------------------------------------------------------------

/** `sections=billing,security`: each named once, from the five. */
const SectionList = z
  .string()
  .max(100)
  .transform((v, ctx) => {
    const names = v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const unknown = names.filter((n) => !(SETTINGS_SECTIONS as readonly string[]).includes(n));
    if (unknown.length > 0 || names.length === 0) {
      ctx.addIssue({ code: 'custom', message: `comma-separated section names of ${SETTINGS_SECTIONS.join(', ')}` });
      return z.NEVER;
    }
    return SETTINGS_SECTIONS.filter((s) => names.includes(s));
  });

export const ExportSettingsQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS).default('json'),
  /** `true` answers the write-only values in clear: needs manage_security on security (docs/decisions.md). */
  include_secrets: z.enum(['true', 'false'], { error: 'true or false' }).default('false'),
  /** Absent: all five. */
  sections: SectionList.optional(),
});

/** The exported sections: as stored, write-only values in clear with include_secrets, else REDACTED/null. */
const ExportedSections = StoredSettings.partial();

export const SettingsExport = z.object({
  timestamp: Timestamp,
  format: z.enum(EXPORT_FORMATS),
  include_secrets: z.boolean(),
  settings: ExportedSections,
  metadata: z.object({ version: z.string(), account_id: z.string(), exported_by: z.string() }),
});
export type SettingsExport = z.infer<typeof SettingsExport>;

export const ExportSettingsResponse = z.object({ export: SettingsExport });
/** The same document as YAML text (format=yaml, application/yaml). */
export const SettingsExportYaml = z.string();

/**
 * An export document as YAML: the emulator's answer to format=yaml and the console's YAML file
 * are this one text (no line folding, so a long value stays one line and diffs as one).
 */
export function settingsYaml(document: ExportSettingsResponse): string {
  return stringify(document, { lineWidth: 0 });
}
export type ExportSettingsResponse = z.infer<typeof ExportSettingsResponse>;

// ---- import -------------------------------------------------------------------------------

const Short = z.string().max(SETTINGS_BOUNDS.textLength);

// What a section accepts in an import: its update (every bound and vocabulary), plus the
// read-only members an export carries (ignored), so that an export imports back unchanged.
const notificationsEmail = UpdateNotificationsRequest.shape.email.unwrap();
const ImportNotifications = UpdateNotificationsRequest.extend({
  email: notificationsEmail.extend({ email: z.string().max(320).optional() }).optional(),
});
const ImportBilling = UpdateBillingRequest.extend({
  payment_method: z.strictObject({ type: Short, last_four: Short, expires: Short, brand: Short }).nullable().optional(),
});
const twoFactor = UpdateSecurityRequest.shape.two_factor.unwrap();
const apiAccess = UpdateSecurityRequest.shape.api_access.unwrap();
const ImportSecurity = UpdateSecurityRequest.omit({ allow_lockout: true }).extend({
  two_factor: twoFactor.extend({ backup_codes: z.number().int().min(0).max(100).optional() }).optional(),
  api_access: apiAccess.extend({ your_address: z.string().max(64).nullable().optional() }).optional(),
});
const codeHost = UpdateIntegrationsRequest.shape.code_host.unwrap();
const ImportIntegrations = UpdateIntegrationsRequest.extend({
  code_host: codeHost.extend({ username: Short.nullable().optional() }).optional(),
});

export const ImportSections = z.strictObject({
  notifications: ImportNotifications.optional(),
  billing: ImportBilling.optional(),
  security: ImportSecurity.optional(),
  integrations: ImportIntegrations.optional(),
  preferences: UpdatePreferencesRequest.optional(),
});
export type ImportSections = z.infer<typeof ImportSections>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * What export produced, as the body or as its `settings`: `{export: {...}}` (the whole document)
 * or its inner `{timestamp, format, ..., settings, metadata}` become the sections it holds, once
 * its format version is checked. Anything else is left for the schema to judge.
 */
function unwrapExport(body: unknown, ctx: z.RefinementCtx): unknown {
  if (!isObject(body)) return body;
  const { export: whole, ...options } = body;
  let out: Record<string, unknown> = body;
  if (whole !== undefined && body.settings === undefined) out = { ...options, settings: whole };
  let settings = out.settings;
  if (isObject(settings) && isObject(settings.export)) settings = settings.export;
  if (isObject(settings) && isObject(settings.metadata) && isObject(settings.settings)) {
    const version = settings.metadata.version;
    if (version !== SETTINGS_FORMAT_VERSION) {
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'metadata', 'version'],
        message: `this file is settings format version ${JSON.stringify(version)?.slice(0, 20)}; this service imports version ${SETTINGS_FORMAT_VERSION}`,
      });
      return z.NEVER;
    }
    settings = settings.settings;
  }
  return settings === out.settings ? out : { ...out, settings };
}

const ImportBody = z.strictObject({
  /** The sections to import (each optional), or the whole export document. */
  settings: ImportSections,
  merge_strategy: z.enum(MERGE_STRATEGIES).default('overwrite'),
  /** Answer the plan only, change nothing. */
  validate_only: z.boolean().default(false),
  /** Apply even though the allow-list would refuse the caller's own address. */
  allow_lockout: z.boolean().default(false),
});

export const ImportSettingsRequest = z.preprocess(unwrapExport, ImportBody);
/** What a caller sends: `settings` may also be the export document (or the body the document itself). */
export type ImportSettingsRequest = Omit<z.input<typeof ImportBody>, 'settings'> & { settings: unknown };

// ---- the plan -----------------------------------------------------------------------------

const PLAN_CHANGE_KINDS = ['added', 'changed', 'removed'] as const;

/**
 * One field's change, at its dotted path (`security.api_access.ip_whitelist`, `billing.cost_alerts[1].threshold`).
 * A member of a list of values (an allow-list entry, an event type) is added or removed on its own,
 * with the list's path. A write-only value never carries its values, only `secret: true`.
 */
export const PlanChange = z.object({
  path: z.string(),
  kind: z.enum(PLAN_CHANGE_KINDS),
  old: z.unknown().optional(),
  new: z.unknown().optional(),
  secret: z.boolean().optional(),
});
export type PlanChange = z.infer<typeof PlanChange>;

const Counts = z.object({ added: z.number().int(), changed: z.number().int(), removed: z.number().int() });
export type PlanCounts = z.infer<typeof Counts>;

export const PlanSection = z.object({
  section: z.enum(SETTINGS_SECTIONS),
  counts: Counts,
  changes: z.array(PlanChange),
});
export type PlanSection = z.infer<typeof PlanSection>;

const PLAN_RISKS = [
  'self_lockout',
  'allow_list_turned_off',
  'two_factor_turned_off',
  'audit_retention_shortened',
  'audit_logging_turned_off',
  'webhook_secret_removed',
  'credential_removed',
  'key_limit_below_active_keys',
] as const;

export const PlanRisk = z.object({
  code: z.enum(PLAN_RISKS),
  /** `danger`: applying needs an explicit confirmation (self_lockout: allow_lockout). */
  severity: z.enum(['danger', 'warning']),
  path: z.string(),
  message: z.string(),
});
export type PlanRisk = z.infer<typeof PlanRisk>;

export const SettingsPlan = z.object({
  /** The sections the import names, in the document's order, each with its changes (possibly none). */
  sections: z.array(PlanSection),
  counts: Counts,
  risks: z.array(PlanRisk),
  /** The address the request came from, which the allow-list was checked against. */
  your_address: z.string(),
});
export type SettingsPlan = z.infer<typeof SettingsPlan>;

export const ImportSettingsResponse = z.object({
  import: z.object({
    timestamp: Timestamp,
    merge_strategy: z.enum(MERGE_STRATEGIES),
    validate_only: z.boolean(),
    /** Whether the settings were changed (false for validate_only, and for a plan with no change). */
    applied: z.boolean(),
    plan: SettingsPlan,
  }),
});
export type ImportSettingsResponse = z.infer<typeof ImportSettingsResponse>;
