// A stop or restart under way, reopened from the cluster's status chip (its dialog may have
// been closed long ago): the live phases, and Close. The run goes on either way.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import { useClusterFollow } from './follow-store';
import { PhaseProgress } from './PhaseProgress';

export interface RunProgressDialogProps {
  cluster: Cluster;
  open: boolean;
  onClose(): void;
}

export function RunProgressDialog({ cluster, open, onClose }: RunProgressDialogProps) {
  const operation = cluster.lifecycle?.operation ?? (cluster.status === 'stopping' ? 'stop' : 'restart');
  // A list row may not carry the run's progress: read the cluster now rather than at the next poll.
  useEffect(() => {
    if (open) void useClusterFollow.getState().refresh(cluster.id);
  }, [open, cluster.id]);
  const known = useClusterFollow((s) => s.clusters[cluster.id]?.lifecycle ?? null) ?? cluster.lifecycle;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="run-progress-title" data-testid="run-progress-dialog">
      <DialogTitle id="run-progress-title">
        {operation === 'stop' ? 'Stop' : 'Restart'} of {cluster.name}
      </DialogTitle>
      <DialogContent dividers>
        {known ? <PhaseProgress cluster={cluster} /> : <LinearProgress aria-label="Reading the progress" />}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Closing this keeps the {operation} going; a notification says when it ends, and the operations menu in the top bar lists it.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
