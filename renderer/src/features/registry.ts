// Every feature of the console, in navigation order: the one place the shell (shell/) learns
// what features exist; the first is the page the console opens on. Features are grouped by area, `features/<area>/<feature>/` (an area with
// one feature keeps it at the area's root: endpoints, emulator); each entry names its area. A
// new feature adds its folder's `feature` here.
import { feature as access } from './accounts/access';
import { feature as apiKeys } from './accounts/api-keys';
import { feature as apiUsage } from './accounts/api-usage';
import { feature as audit } from './accounts/audit';
import { feature as profile } from './accounts/profile';
import { feature as settings } from './accounts/settings';
import { feature as settingsCode } from './accounts/settings-code';
import { feature as events } from './accounts/event-deliveries';
import { feature as team } from './accounts/team';
import { feature as usage } from './accounts/usage';
import { feature as clusters } from './clusters/clusters';
import { feature as logs } from './clusters/logs';
import { feature as templates } from './clusters/templates';
import { feature as emulator } from './emulator';
import { feature as endpoints } from './endpoints';
import { feature as overview } from './overview';
import { feature as datasets } from './training/datasets';
import { feature as experiments } from './training/experiments';
import { feature as trainingJobs } from './training/jobs';
import { feature as models } from './training/models';
import { feature as tuning } from './training/tuning';
import type { Feature, FeatureCommand, SearchGroup } from './feature';

export type { Feature, FeatureCommand, SearchGroup };

export const features: readonly Feature[] = [
  // First: the console opens on it (shell/navigation/areas.tsx, defaultArea).
  overview,
  apiKeys,
  usage,
  apiUsage,
  team,
  access,
  audit,
  profile,
  settings,
  settingsCode,
  events,
  clusters,
  templates,
  endpoints,
  datasets,
  trainingJobs,
  models,
  tuning,
  experiments,
  emulator,
  logs,
];
