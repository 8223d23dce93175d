// Every feature of the console, in navigation order: the one place the shell (shell/) learns
// what features exist. A new area adds its folder's `feature` here.
import { feature as apiKeys } from './api-keys';
import { feature as clusters } from './clusters';
import { feature as emulator } from './emulator';
import { feature as endpoints } from './endpoints';
import { feature as experiments } from './experiments';
import { feature as logs } from './logs';
import { feature as models } from './models';
import { feature as templates } from './templates';
import { datasetsFeature, trainingJobsFeature } from './training';
import { feature as tuning } from './tuning';
import type { Feature, FeatureCommand, SearchGroup, SearchItem } from './feature';

export type { Feature, FeatureCommand, SearchGroup, SearchItem };

export const features: readonly Feature[] = [
  apiKeys,
  clusters,
  templates,
  endpoints,
  datasetsFeature,
  trainingJobsFeature,
  models,
  tuning,
  experiments,
  emulator,
  logs,
];
