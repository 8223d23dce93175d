// The lifecycle part of the clusters feature, as the rest of it uses it: the stop and restart
// dialogs and the run's progress dialog (loaded on first use). The live phase progress the
// overview shows is imported from its own module, so the dialogs' forms stay out of that chunk.
export { StopClusterDialog } from './StopClusterDialog';
export { RestartClusterDialog } from './RestartClusterDialog';
export { RunProgressDialog } from './RunProgressDialog';
