// The access feature's reads: the permission model (names and descriptions of permissions,
// scopes and roles), the explained check, and the refused key's own permissions for a "Why?"
// of a key-level refusal. The team's members come from platform/team-directory.
import type {
  PermissionCheckRequest,
  PermissionCheckResponse,
  PermissionsSchemaResponse,
} from '../../../../../shared/api/accounts/permissions';
import type { VerifyResponse } from '../../../../../shared/api/accounts/api-keys';
import { create } from 'zustand';
import { api } from '../../../bridge/api';
import { createLoader, initialLoadState, type LoadState } from '../../../platform/resource-store';

interface AccessState extends LoadState {
  schema: PermissionsSchemaResponse | null;
  loadSchema(): Promise<void>;
  ensureSchema(): Promise<void>;
}

export const useAccess = create<AccessState>()((set, get) => {
  const loader = createLoader<AccessState>(set, get);
  return {
    ...initialLoadState(),
    schema: null,
    loadSchema: () => loader.run(async (signal) => ({ schema: (await api('permissions.schema', {}, { signal })).data })),
    // The model changes only with custom roles: a minute is fresh enough for pickers.
    ensureSchema: () => loader.ensureLoaded(get().loadSchema, 60_000),
  };
});

/** The explained check (POST /v2/accounts/permissions/check). */
export async function checkPermission(request: PermissionCheckRequest, signal: AbortSignal): Promise<PermissionCheckResponse> {
  return (await api('permissions.check', { body: request }, { signal })).data;
}

/** The active profile's key as the API sees it: its own permissions and scopes. */
export async function verifyKey(signal: AbortSignal): Promise<VerifyResponse> {
  return (await api('auth.verify', {}, { signal })).data;
}
