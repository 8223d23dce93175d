// The endpoint a route names, or 404 ENDPOINT_NOT_FOUND.
import type { Store } from '../../state/store';
import { endpointNotFound } from './errors';
import { findEndpoint, type StoredEndpoint } from './state';

export function endpointOr404(store: Store, id: string): StoredEndpoint {
  const e = findEndpoint(store, id);
  if (!e) throw endpointNotFound(id);
  return e;
}
