// The training area's stored state, under `state.areas.training`: plain JSON, times in
// simulated ms; it is also the live state. Shapes: stored-schema.ts.
import type { z } from 'zod';
import type { Store } from '../../state/store';
import type * as schema from './stored-schema';
import type * as tuningSchema from './tuning/stored-schema';

export const AREA = 'training';

export type StoredDataset = z.infer<typeof schema.StoredDataset>;
export type StoredAnalysis = z.infer<typeof schema.StoredAnalysis>;
export type StoredMultipart = z.infer<typeof schema.StoredMultipart>;
export type StoredJob = z.infer<typeof schema.StoredJob>;
export type StoredModel = z.infer<typeof schema.StoredModel>;
export type StoredModelVersion = z.infer<typeof schema.StoredModelVersion>;
export type StoredDeployment = z.infer<typeof schema.StoredDeployment>;
export type StoredDownload = z.infer<typeof schema.StoredDownload>;
export type StoredTuning = z.infer<typeof tuningSchema.StoredTuning>;
export type StoredTrial = z.infer<typeof tuningSchema.StoredTrial>;
export type StoredRemovedStorage = z.infer<typeof schema.StoredRemovedStorage>;
export type TrainingState = z.infer<typeof schema.TrainingState>;

export const trainingState = (store: Store): TrainingState => store.slice<TrainingState>(AREA);
