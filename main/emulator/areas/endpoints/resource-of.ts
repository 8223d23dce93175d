// The endpoint area's resources a member may be given access to (shares, resource grants: issue 19).
import type { ResourceRef } from '../../core/area';
import type { Store } from '../../state/store';
import { endpointsState } from './state';

export function endpointResourceOf(store: Store, id: string): ResourceRef | null {
  const e = endpointsState(store).endpoints.find((x) => x.id === id);
  return e ? { type: 'endpoint', name: e.name, scope: 'endpoints' } : null;
}
