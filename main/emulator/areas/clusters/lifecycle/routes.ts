// Stop and restart (02-clusters.md, Stop; Restart; States and transitions): stop.ts and
// restart.ts, sharing common.ts.
import { restartRoute } from './restart';
import { stopRoute } from './stop';

export const lifecycleRoutes = [stopRoute, restartRoute];
