// The Roles tab's calls: define and change a custom role (then the model is read again, so the
// graph, the cards and every picker show it), and the what-if replay of an edit.
import type { CreateRoleRequest, UpdateRoleRequest } from '../../../../../../shared/api/accounts/roles';
import type { WhatIfRequest, WhatIfResponse } from '../../../../../../shared/api/accounts/audit';
import { api } from '../../../../bridge/api';
import { useAccess } from '../access-store';

export async function createRole(request: CreateRoleRequest): Promise<void> {
  await api('permissions.roles.create', { body: request });
  await useAccess.getState().loadSchema();
}

export async function updateRole(roleId: string, request: UpdateRoleRequest): Promise<void> {
  await api('permissions.roles.update', { params: { role_id: roleId }, body: request });
  await useAccess.getState().loadSchema();
}

/** A role draft as the editor holds it: names picked from the model's own lists. */
export interface RoleDraft {
  role: string;
  permissions: readonly string[];
  scopes: readonly string[];
  inherits: readonly string[];
}

/** Which of the last 30 days' successful calls the draft would refuse (one call, changes nothing). */
export async function whatIf(draft: RoleDraft, signal: AbortSignal): Promise<WhatIfResponse> {
  // The editor offers only the schema's permission and scope names.
  const body = { ...draft, period: '30d', inherits: [...draft.inherits] } as WhatIfRequest;
  return (await api('permissions.roles.whatIf', { body }, { signal })).data;
}
