// POST /v2/accounts/settings/import (01-accounts.md, Endpoints: Settings; the answer is not shown:
// docs/decisions.md, Settings: export and import). The sections given are applied as their
// updates would apply them (REDACTED keeps a secret, null clears, arrays are replaced whole),
// read-only members an export carries are ignored, and the answer is the PLAN: validate_only
// answers it and changes nothing; otherwise it is applied, all sections at once or none.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { SETTINGS_SECTIONS, type SettingsSection, type StoredSettings } from '../../../../../shared/api/accounts/settings';
import type { ImportSections } from '../../../../../shared/api/accounts/settings-io';
import type { Caller } from '../../../core/area';
import type { EmulatorContext } from '../../../core/context';
import { defineRoute } from '../../../core/route-def';
import { firstAtOrAfter } from '../audit/retention';
import { accountsOf, type Accounts } from '../state';
import { assertNoLockout } from './allow-list';
import { mergeSection } from './merge';
import { planOf } from './plan';
import { saveSettings } from './routes';

const DAY_MS = 86_400_000;

/** The update each section's change needs the permission of (its PUT's member permission). */
const UPDATE_OF = {
  notifications: ops['settings.notifications.update'],
  billing: ops['settings.billing.update'],
  security: ops['settings.security.update'],
  integrations: ops['settings.integrations.update'],
  preferences: ops['settings.preferences.update'],
} as const;

/** The read-only members an export carries, dropped before merging (the account's, not the file's to set). */
function writable(section: SettingsSection, patch: Record<string, unknown>): Record<string, unknown> {
  const p = structuredClone(patch) as Record<string, Record<string, unknown> | undefined>;
  if (section === 'notifications') delete p.email?.email;
  if (section === 'billing') delete p.payment_method;
  if (section === 'security') {
    delete p.two_factor?.backup_codes;
    delete p.api_access?.your_address;
  }
  if (section === 'integrations') delete p.code_host?.username;
  return p;
}

/** The settings as they would be after importing `sections`. */
function imported(current: StoredSettings, sections: ImportSections): StoredSettings {
  const next = { ...current } as Record<SettingsSection, unknown>;
  for (const s of SETTINGS_SECTIONS) {
    const patch = sections[s];
    if (patch !== undefined) next[s] = mergeSection(current[s], writable(s, patch as Record<string, unknown>));
  }
  return next as StoredSettings;
}

/** Refuses the first section the caller may not update, as its own update would be refused. */
function checkPermissions(ctx: EmulatorContext, key: Caller, sections: readonly SettingsSection[], now: number, address: string): void {
  for (const s of sections) {
    const refused = ctx.authority.admit(key, UPDATE_OF[s], {}, now, address);
    if (refused !== null) throw refused;
  }
}

function auditOlderThan(accounts: Accounts, now: number) {
  return (days: number) => firstAtOrAfter(accounts.audit, now - days * DAY_MS);
}

export const importRoute = defineRoute(ops['settings.import'], (ctx, { body, key, now, address }) => {
  const accounts = accountsOf(ctx.store);
  const sections = SETTINGS_SECTIONS.filter((s) => body.settings[s] !== undefined);
  checkPermissions(ctx, key, sections, now, address);
  const before = accounts.settings;
  const after = imported(before, body.settings);
  const plan = planOf(before, after, sections, {
    address,
    activeKeys: accounts.activeKeyCount(now),
    auditEventsOlderThan: auditOlderThan(accounts, now),
  });
  const changes = plan.counts.added + plan.counts.changed + plan.counts.removed;
  const apply = !body.validate_only && changes > 0;
  if (apply) {
    assertNoLockout(after, address, body.allow_lockout === true);
    saveSettings(ctx, accounts, after, now);
  }
  return {
    import: {
      timestamp: new Date(now).toISOString(),
      merge_strategy: body.merge_strategy,
      validate_only: body.validate_only,
      applied: apply,
      plan,
    },
  };
});
