// The settings routes (01-accounts.md, Endpoints: Settings): the five sections read whole and
// updated one at a time. An update answers the updated section as GET shows it (the document
// does not show the body: docs/decisions.md, Settings). The whole settings are one record.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { SettingsSection, StoredSettings } from '../../../../../shared/api/accounts/settings';
import type { Operation } from '../../../../../shared/api/operation';
import type { EmulatorContext } from '../../../core/context';
import { defineRoute, type HandlerInput } from '../../../core/route-def';
import { accountRecord } from '../records';
import { accountsOf, AREA, type Accounts } from '../state';
import { assertNoLockout } from './allow-list';
import { mergeSection } from './merge';
import { notificationTestRoute } from './notification-test';
import { sectionView, settingsView } from './view';

/** Replaces the settings with `next` (a whole, already checked copy) as one durable record. */
export function saveSettings(ctx: EmulatorContext, accounts: Accounts, next: StoredSettings, now: number): void {
  const before = accounts.settings.security;
  accounts.settings = next;
  accounts.settingsUpdatedAt = now;
  ctx.store.touch(AREA, accountRecord.settings);
  // Any change of the security section (an update or an import) is a security event.
  const changed = (Object.keys(next.security) as Array<keyof StoredSettings['security']>).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(next.security[k]),
  );
  if (changed.length)
    ctx.events.emit('security.settings_changed', { subject: accounts.account.id, data: { section: 'security', changed } });
}

function updateRoute<O extends Operation, S extends SettingsSection>(op: O, section: S) {
  return defineRoute(op, (ctx, input: HandlerInput<O>) => {
    const accounts = accountsOf(ctx.store);
    const { allow_lockout: acknowledged, ...patch } = (input.body ?? {}) as Record<string, unknown>;
    const next = { ...accounts.settings, [section]: mergeSection(accounts.settings[section], patch) } as StoredSettings;
    // The self-lockout guard (docs/decisions.md, Settings: the allow-list): only a change of the
    // security section can make the allow-list refuse the caller.
    if (section === 'security') assertNoLockout(next, input.address, acknowledged === true);
    saveSettings(ctx, accounts, next, input.now);
    return sectionView(next, section, input.address) as never;
  });
}

export const settingsRoutes = [
  defineRoute(ops['settings.get'], (ctx, { address }) => {
    const accounts = accountsOf(ctx.store);
    return {
      ...settingsView(accounts.settings, address),
      updatedAt: accounts.settingsUpdatedAt === null ? null : new Date(accounts.settingsUpdatedAt).toISOString(),
    };
  }),
  updateRoute(ops['settings.notifications.update'], 'notifications'),
  updateRoute(ops['settings.billing.update'], 'billing'),
  updateRoute(ops['settings.security.update'], 'security'),
  updateRoute(ops['settings.integrations.update'], 'integrations'),
  updateRoute(ops['settings.preferences.update'], 'preferences'),
  notificationTestRoute,
];
