// GET /v2/accounts/settings/export (01-accounts.md, Endpoints: Settings): the sections asked for as
// one document, in JSON or the same document as YAML, its keys always in the same order (the order
// of the defaults), so two exports of the same settings are the same text and diff line by line.
// Write-only values are in clear only with include_secrets=true, which needs manage_security on
// security — the one place they are ever answered (docs/decisions.md, Settings: export and import).
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { SETTINGS_SECTIONS, type StoredSettings } from '../../../../../shared/api/accounts/settings';
import { SETTINGS_FORMAT_VERSION, settingsYaml, type SettingsExport } from '../../../../../shared/api/accounts/settings-io';
import { defineRoute, RawBody } from '../../../core/route-def';
import { accountsOf } from '../state';
import { defaultSettings } from './defaults';
import { redact } from './view';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `value` with its keys in the template's order (keys the template lacks after them, sorted). */
function ordered(value: unknown, template: unknown): unknown {
  if (Array.isArray(value)) {
    const item = Array.isArray(template) ? template[0] : undefined;
    return value.map((v) => ordered(v, item));
  }
  if (!isObject(value)) return value;
  const shape = isObject(template) ? template : {};
  const keys = [
    ...Object.keys(shape).filter((k) => k in value),
    ...Object.keys(value)
      .filter((k) => !(k in shape))
      .sort(),
  ];
  return Object.fromEntries(keys.map((k) => [k, ordered(value[k], shape[k])]));
}

/** The key order of every export: the defaults' (of an empty account: only the shape matters), with one item of each list. */
const template = defaultSettings({
  account: { id: 'acc_template', name: '', plan: 'free', ownerId: '', createdAt: 0, boost: null },
  members: [],
});
template.billing.cost_alerts = [{ threshold: 0, period: 'monthly', enabled: true }];
template.integrations.registry.registries = [{ url: '', username: null, access_token: null }];

/** The sections of `settings` named, ordered, secrets in clear or redacted. */
function exportedSections(
  settings: StoredSettings,
  sections: readonly (typeof SETTINGS_SECTIONS)[number][],
  includeSecrets: boolean,
): SettingsExport['settings'] {
  const out: Record<string, unknown> = {};
  for (const s of sections) out[s] = ordered(includeSecrets ? settings[s] : redact(settings[s]), template[s]);
  return out as SettingsExport['settings'];
}

export const exportRoute = defineRoute(ops['settings.export'], (ctx, { query, key, now, address }) => {
  const includeSecrets = query.include_secrets === 'true';
  if (includeSecrets) {
    // The permission of the security update (manage_security on security), decided as that route's is.
    const refused = ctx.authority.admit(key, ops['settings.security.update'], {}, now, address);
    if (refused !== null) throw refused;
  }
  const accounts = accountsOf(ctx.store);
  const document = {
    export: {
      timestamp: new Date(now).toISOString(),
      format: query.format,
      include_secrets: includeSecrets,
      settings: exportedSections(accounts.settings, query.sections ?? SETTINGS_SECTIONS, includeSecrets),
      metadata: { version: SETTINGS_FORMAT_VERSION, account_id: accounts.account.id, exported_by: key.createdBy },
    },
  };
  if (query.format === 'yaml') {
    return new RawBody(settingsYaml(document), { 'content-type': 'application/yaml; charset=utf-8' });
  }
  return document;
});
