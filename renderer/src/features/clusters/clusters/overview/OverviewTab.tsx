// Overview of a cluster: the phase progress while it stops or restarts, then resources,
// cost, template, snapshots, team and environment.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useCallback, useRef } from 'react';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
// Its own module, not the lifecycle barrel: the dialogs' forms stay out of the detail's first load.
import { PhaseProgress } from '../lifecycle/PhaseProgress';
import { useClusters } from '../clusters-store';
import { EnvironmentCard, SnapshotsCard, TeamCard } from './ListCards';
import { Panel } from '../../../../components/Section';
import { CostCard, ResourcesCard, TemplateCard } from './SummaryCards';

export function OverviewTab({ cluster }: { cluster: Cluster }) {
  const upsert = useCallback((c: Cluster) => useClusters.getState().upsert(c), []);
  // Once a run has been followed here, its finished progress stays in view.
  const followed = useRef(false);
  if (cluster.status === 'stopping' || cluster.status === 'restarting' || cluster.lifecycle !== undefined) followed.current = true;
  const changing = followed.current;
  const operation = useRef<'stop' | 'restart'>('stop');
  if (cluster.lifecycle) operation.current = cluster.lifecycle.operation;
  else if (cluster.status === 'restarting') operation.current = 'restart';
  else if (cluster.status === 'stopping') operation.current = 'stop';
  return (
    <Stack spacing={2} sx={{ overflowY: 'auto', pb: 2 }}>
      {changing && (
        <Panel title={operation.current === 'restart' ? 'Restart progress' : 'Stop progress'} testId="cluster-phase-progress">
          <PhaseProgress cluster={cluster} onUpdate={upsert} />
        </Panel>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <ResourcesCard cluster={cluster} />
        <CostCard cluster={cluster} />
        <TemplateCard cluster={cluster} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <SnapshotsCard cluster={cluster} />
        <Stack spacing={2}>
          <TeamCard cluster={cluster} />
          <EnvironmentCard cluster={cluster} />
        </Stack>
      </Box>
    </Stack>
  );
}
