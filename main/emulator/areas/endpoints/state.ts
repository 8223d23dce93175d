// The endpoint area's stored state, under `state.areas.endpoints`: plain JSON, times in
// simulated ms; it is also the live state. Shapes: stored-schema.ts.
import type { z } from 'zod';
import type { Store } from '../../state/store';
import type * as schema from './stored-schema';

export const AREA = 'endpoints';

export type StoredEndpoint = z.infer<typeof schema.StoredEndpoint>;
export type StoredBatch = z.infer<typeof schema.StoredBatch>;
export type EndpointsState = z.infer<typeof schema.EndpointsState>;

export const endpointsState = (store: Store): EndpointsState => store.slice<EndpointsState>(AREA);

export const findEndpoint = (store: Store, id: string): StoredEndpoint | undefined =>
  endpointsState(store).endpoints.find((e) => e.id === id);
