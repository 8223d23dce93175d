// The lifecycle part of the clusters feature, as the rest of it uses it: the stop and restart dialogs and the live
// phase progress (with its hook, for views that want the followed cluster).
export { StopClusterDialog, type StopClusterDialogProps } from './StopClusterDialog';
export { RestartClusterDialog, type RestartClusterDialogProps } from './RestartClusterDialog';
export { PhaseProgress, useFollowedCluster, type PhaseProgressProps } from './PhaseProgress';
export { RunProgressDialog, type RunProgressDialogProps } from './RunProgressDialog';
