// The lifecycle part of the clusters feature, as the rest of it uses it: the stop and restart dialogs, the live
// phase progress and the run's progress dialog.
export { StopClusterDialog } from './StopClusterDialog';
export { RestartClusterDialog } from './RestartClusterDialog';
export { PhaseProgress } from './PhaseProgress';
export { RunProgressDialog } from './RunProgressDialog';
