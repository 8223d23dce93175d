// The proxy's network configuration (PUT /proxy): load balancing, TLS termination,
// WebSockets and compression. Every choice offered is a valid one; the request is still
// checked with the shared schema, and anything refused is listed naming its setting.
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
  UpdateProxyRequest,
  type NetworkConfiguration,
} from '../../../../../../shared/api/clusters/proxy';
import { fieldErrors, formFields, type FieldLabels } from '../../../../components/form/field-errors';
import { notify } from '../../../../platform/notifications-store';
import { FormDialog } from '../../../../components/form/FormDialog';
import { useValidatedForm } from '../../../../components/form/use-validated-form';
import { toNetworkRequest } from './access-form';
import { useProxy } from './proxy-store';

const NETWORK_LABELS: FieldLabels = {
  'load_balancer.algorithm': 'Load-balancing algorithm',
  ssl_termination: 'TLS termination',
  'compression.algorithms': 'Compression algorithms',
};

function validateNetwork(f: NetworkConfiguration | null) {
  if (!f) return { ok: false as const, errors: {} };
  const request = toNetworkRequest(f);
  const parsed = UpdateProxyRequest.safeParse(request);
  if (parsed.success) return { ok: true as const, request };
  return {
    ok: false as const,
    errors: fieldErrors(parsed.error.issues, formFields({ schema: UpdateProxyRequest, shown: [], labels: NETWORK_LABELS })),
  };
}

export function NetworkDialog({ open, network, onClose }: { open: boolean; network: NetworkConfiguration | null; onClose(): void }) {
  const state = useValidatedForm<NetworkConfiguration | null, UpdateProxyRequest>({
    open,
    initial: () => (network ? structuredClone(network) : null),
    validate: validateNetwork,
    submit: async (request) => {
      await useProxy.getState().updateNetwork(request);
      notify('success', 'Proxy network configuration saved');
      onClose();
    },
  });
  const { form, setForm } = state;
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
      state={state}
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
