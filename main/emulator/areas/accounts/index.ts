// The accounts area (01-accounts.md): API keys of both families, verify, rate-limit status
// and boost; the team members list; permissions and roles (read side: schema, effective
// permissions, check); the account, its team and keys as stored state; the pipeline's
// authority over callers and the team directory other areas read.
import { accountsOperations } from '../../../../shared/api/accounts/operations';
import { defineArea } from '../../core/area';
import { apiKeyRoutes } from './api-keys/routes';
import { apiUsageRoutes } from './api-usage/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { authorityOver, directoryOf } from './authority';
import { accountsLimits } from './limits';
import { applyOwnerKey } from './owner-key';
import { grantRoutes } from './permissions/grants-routes';
import { roleRoutes } from './permissions/roles-routes';
import { permissionRoutes } from './permissions/routes';
import { shareRoutes } from './permissions/shares-routes';
import { settingsRoutes } from './settings/routes';
import { mountAvatarHost } from './profile/avatar-host';
import { profileRoutes } from './profile/routes';
import { exportRoute } from './settings/export';
import { importRoute } from './settings/import';
import { accountsRecord, applyAccountsRecord } from './records';
import { Accounts, AREA } from './state';
import { AccountsState } from './stored-schema';
import { acceptInvitationRoute } from './team/accept';
import { teamRoutes } from './team/routes';
import { usageRoutes } from './usage/routes';
import { buildAccountsWorld } from './world';

export const accountsArea = defineArea<Accounts>({
  name: AREA,
  operations: accountsOperations,
  routes: [
    ...apiKeyRoutes,
    ...authRoutes,
    ...apiUsageRoutes,
    ...usageRoutes,
    ...teamRoutes,
    ...auditRoutes,
    ...permissionRoutes,
    ...roleRoutes,
    ...grantRoutes,
    ...shareRoutes,
    ...settingsRoutes,
    ...profileRoutes,
    exportRoute,
    importRoute,
  ],
  state: {
    schema: AccountsState,
    build: (draft) => buildAccountsWorld(draft),
    hydrate: (stored) => new Accounts(stored as AccountsState),
    dehydrate: (live) => live.toStored(),
    record: accountsRecord,
    applyRecord: applyAccountsRecord,
  },
  limits: accountsLimits,
  authority: authorityOver,
  directory: (state) => directoryOf(state as Accounts | AccountsState),
  afterLoad: (store, { ownerKey }) => applyOwnerKey(store, ownerKey),
  adminRoutes: [acceptInvitationRoute],
  // The avatars' public address (profile/avatar-host.ts).
  mount: (app, ctx) => mountAvatarHost(app, ctx),
});
