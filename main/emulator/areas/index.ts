// Every API area the emulator serves, in world-building order (the accounts area first: the
// others read its team). Adding an area is a folder beside this file and a line here
// (docs/areas.md).
import type { AreaModule } from '../core/area';
import { accountsArea } from './accounts';
import { clustersArea } from './clusters';
import { endpointsArea } from './endpoints';
import { eventsArea } from './events';
import { trainingArea } from './training';

export const AREAS: readonly AreaModule[] = [accountsArea, clustersArea, endpointsArea, trainingArea, eventsArea];
