// The proxy's network configuration (PUT /proxy): load balancing, TLS termination,
// WebSockets and compression. Every choice is a valid one, so there is nothing to check.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  CompressionAlgorithm,
  LoadBalancerAlgorithm,
  SslTermination,
  type NetworkConfiguration,
  type UpdateProxyRequest,
} from '../../../../../shared/api/clusters/proxy';
import { notify } from '../../../app/notifications/notifications-store';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { toNetworkRequest } from './access-form';
import { useProxy } from './proxy-store';

export function NetworkDialog({ open, network, onClose }: { open: boolean; network: NetworkConfiguration | null; onClose(): void }) {
  const { form, setForm, busy, apiError, onSubmit } = useValidatedForm<NetworkConfiguration | null, UpdateProxyRequest>({
    open,
    initial: () => (network ? structuredClone(network) : null),
    validate: (f) => (f ? { ok: true, request: toNetworkRequest(f) } : { ok: false, errors: {} }),
    submit: async (request) => {
      await useProxy.getState().updateNetwork(request);
      notify('success', 'Proxy network configuration saved');
      onClose();
    },
  });
  if (!form) return null;

  const lb = form.load_balancer;
  const setLb = (patch: Partial<NetworkConfiguration['load_balancer']>) => setForm({ ...form, load_balancer: { ...lb, ...patch } });
  const toggleAlgorithm = (a: NetworkConfiguration['compression']['algorithms'][number], on: boolean) =>
    setForm({
      ...form,
      compression: {
        ...form.compression,
        algorithms: on ? [...form.compression.algorithms.filter((x) => x !== a), a] : form.compression.algorithms.filter((x) => x !== a),
      },
    });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="network-dialog"
      titleId="network-dialog-title"
      title="Proxy network configuration"
      maxWidth="xs"
      dividers
      scrollContent
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      submitLabel="Save"
    >
      <FormControlLabel
        control={<Switch checked={lb.enabled} onChange={(e) => setLb({ enabled: e.target.checked })} />}
        label="Load balancer"
      />
      <TextField
        select
        label="Algorithm"
        size="small"
        value={lb.algorithm}
        disabled={!lb.enabled}
        onChange={(e) => setLb({ algorithm: LoadBalancerAlgorithm.parse(e.target.value) })}
      >
        {LoadBalancerAlgorithm.options.map((a) => (
          <MenuItem key={a} value={a}>
            {a.replace(/_/g, ' ')}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={lb.health_check_enabled}
            disabled={!lb.enabled}
            onChange={(e) => setLb({ health_check_enabled: e.target.checked })}
          />
        }
        label="Health-check backends"
      />
      <TextField
        select
        label="TLS termination"
        size="small"
        value={form.ssl_termination}
        onChange={(e) => setForm({ ...form, ssl_termination: SslTermination.parse(e.target.value) })}
      >
        <MenuItem value="proxy">At the proxy</MenuItem>
        <MenuItem value="passthrough">Passthrough to the cluster</MenuItem>
      </TextField>
      <FormControlLabel
        control={<Switch checked={form.websocket_support} onChange={(e) => setForm({ ...form, websocket_support: e.target.checked })} />}
        label="WebSocket support"
      />
      <FormControlLabel
        control={
          <Switch
            checked={form.compression.enabled}
            onChange={(e) => setForm({ ...form, compression: { ...form.compression, enabled: e.target.checked } })}
          />
        }
        label="Compression"
      />
      <FormGroup row sx={{ pl: 1 }}>
        {CompressionAlgorithm.options.map((a) => (
          <FormControlLabel
            key={a}
            control={
              <Checkbox
                size="small"
                checked={form.compression.algorithms.includes(a)}
                disabled={!form.compression.enabled}
                onChange={(e) => toggleAlgorithm(a, e.target.checked)}
              />
            }
            label={a}
          />
        ))}
      </FormGroup>
    </FormDialog>
  );
}
