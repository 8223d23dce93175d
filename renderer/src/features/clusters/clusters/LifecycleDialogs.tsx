// Stop and restart from any clusters view: the lifecycle feature's dialogs, loaded on first
// use. When a run starts and when the dialog closes, the cluster is read again so its new
// status shows at once.
import { lazy, Suspense, useRef } from 'react';
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import { useMountedOnce } from '../../../lib/use-mounted-once';
import { useClusters } from './clusters-store';

const StopClusterDialog = lazy(() => import('./lifecycle').then((m) => ({ default: m.StopClusterDialog })));
const RestartClusterDialog = lazy(() => import('./lifecycle').then((m) => ({ default: m.RestartClusterDialog })));
const RunProgressDialog = lazy(() => import('./lifecycle').then((m) => ({ default: m.RunProgressDialog })));

/** stop / restart open their dialogs; progress reopens the live phases of a run under way. */
export type LifecycleAction = { kind: 'stop' | 'restart' | 'progress'; cluster: Cluster } | null;

export function LifecycleDialogs({ action, onClose }: { action: LifecycleAction; onClose(): void }) {
  // Keep the last target while a dialog animates closed.
  const last = useRef<LifecycleAction>(null);
  if (action) last.current = action;
  const shown = action ?? last.current;
  const stopMounted = useMountedOnce(action?.kind === 'stop');
  const restartMounted = useMountedOnce(action?.kind === 'restart');
  const progressMounted = useMountedOnce(action?.kind === 'progress');

  const refresh = () => {
    const id = shown?.cluster.id;
    if (!id) return;
    const store = useClusters.getState();
    void store.load(null, { quiet: true });
    if (store.details[id]) void store.loadCluster(id, { quiet: true });
  };
  const close = () => {
    onClose();
    refresh();
  };

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      {stopMounted && <StopClusterDialog cluster={shown.cluster} open={action?.kind === 'stop'} onClose={close} onStarted={refresh} />}
      {restartMounted && (
        <RestartClusterDialog cluster={shown.cluster} open={action?.kind === 'restart'} onClose={close} onStarted={refresh} />
      )}
      {progressMounted && <RunProgressDialog cluster={shown.cluster} open={action?.kind === 'progress'} onClose={close} />}
    </Suspense>
  );
}
