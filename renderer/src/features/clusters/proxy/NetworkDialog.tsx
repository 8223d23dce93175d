// The proxy's network configuration (PUT /proxy): load balancing, TLS termination,
// WebSockets and compression. Every choice is a valid one, so there is nothing to check.
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { CompressionAlgorithm, LoadBalancerAlgorithm, SslTermination, type NetworkConfiguration } from '../../../../../shared/api/clusters/proxy';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { notify } from '../../../app/notifications/notifications-store';
import { toNormalizedError } from '../../../bridge/errors';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toNetworkRequest } from './access-form';
import { useProxy } from './proxy-store';

export function NetworkDialog({ open, network, onClose }: { open: boolean; network: NetworkConfiguration | null; onClose(): void }) {
  const [form, setForm] = useState<NetworkConfiguration | null>(network);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);

  useEffect(() => {
    if (!open || !network) return;
    setForm(structuredClone(network));
    setApiError(null);
    // Only when the dialog opens: a background refresh must not wipe what is being typed.
  }, [open]);
  if (!form) return null;

  const lb = form.load_balancer;
  const setLb = (patch: Partial<NetworkConfiguration['load_balancer']>) => setForm({ ...form, load_balancer: { ...lb, ...patch } });
  const toggleAlgorithm = (a: NetworkConfiguration['compression']['algorithms'][number], on: boolean) =>
    setForm({ ...form, compression: { ...form.compression, algorithms: on ? [...form.compression.algorithms.filter((x) => x !== a), a] : form.compression.algorithms.filter((x) => x !== a) } });

  const save = async () => {
    setBusy(true);
    setApiError(null);
    try {
      await useProxy.getState().updateNetwork(toNetworkRequest(form));
      notify('success', 'Proxy network configuration saved');
      onClose();
    } catch (e) {
      setApiError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="network-dialog-title" data-testid="network-dialog">
      <DialogTitle id="network-dialog-title">Proxy network configuration</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <FormControlLabel control={<Switch checked={lb.enabled} onChange={(e) => setLb({ enabled: e.target.checked })} />} label="Load balancer" />
          <TextField select label="Algorithm" size="small" value={lb.algorithm} disabled={!lb.enabled} onChange={(e) => setLb({ algorithm: LoadBalancerAlgorithm.parse(e.target.value) })}>
            {LoadBalancerAlgorithm.options.map((a) => (
              <MenuItem key={a} value={a}>
                {a.replace(/_/g, ' ')}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Switch checked={lb.health_check_enabled} disabled={!lb.enabled} onChange={(e) => setLb({ health_check_enabled: e.target.checked })} />} label="Health-check backends" />
          <TextField select label="TLS termination" size="small" value={form.ssl_termination} onChange={(e) => setForm({ ...form, ssl_termination: SslTermination.parse(e.target.value) })}>
            <MenuItem value="proxy">At the proxy</MenuItem>
            <MenuItem value="passthrough">Passthrough to the cluster</MenuItem>
          </TextField>
          <FormControlLabel control={<Switch checked={form.websocket_support} onChange={(e) => setForm({ ...form, websocket_support: e.target.checked })} />} label="WebSocket support" />
          <FormControlLabel control={<Switch checked={form.compression.enabled} onChange={(e) => setForm({ ...form, compression: { ...form.compression, enabled: e.target.checked } })} />} label="Compression" />
          <FormGroup row sx={{ pl: 1 }}>
            {CompressionAlgorithm.options.map((a) => (
              <FormControlLabel
                key={a}
                control={<Checkbox size="small" checked={form.compression.algorithms.includes(a)} disabled={!form.compression.enabled} onChange={(e) => toggleAlgorithm(a, e.target.checked)} />}
                label={a}
              />
            ))}
          </FormGroup>
          {apiError && <ErrorAlert error={apiError} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
