// The cluster lifecycle feature's public face: the stop and restart dialogs and the live
// phase progress (with its hook, for views that want the followed cluster).
export { StopClusterDialog, type StopClusterDialogProps } from './StopClusterDialog';
export { RestartClusterDialog, type RestartClusterDialogProps } from './RestartClusterDialog';
export { PhaseProgress, useFollowedCluster, type PhaseProgressProps } from './PhaseProgress';
