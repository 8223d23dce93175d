// The proxy at a glance: its address (copy, open in the browser), status, TLS certificate,
// network configuration and proxy-wide access control, each with its editor.
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProxyConfiguration } from '../../../../../../shared/api/clusters/proxy';
import { notify } from '../../../../platform/notifications-store';
import { CopyButton } from '../../../../components/CopyButton';
import { MONO_FONT } from '../../../../lib/fonts';
import { formatDate, relativeTime } from '../../../../platform/relative-time';
import { openExternal } from '../open-external';
import { Panel } from '../../../../components/Section';
import { Facts } from '../overview/Facts';

const SSL_COLOR = { valid: 'success', expiring: 'warning', expired: 'error' } as const;

export function ProxyAddress({ proxy }: { proxy: ProxyConfiguration }) {
  const open = () =>
    openExternal(proxy.proxy_url).then(
      (ok) => ok || notify('warning', 'The address was not opened: only https addresses can be opened from the console.'),
      (e: unknown) => notify('error', `Could not open the address: ${e instanceof Error ? e.message : String(e)}`),
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Box
        component="code"
        data-testid="proxy-url"
        sx={{ fontFamily: MONO_FONT, fontSize: 14, px: 1, py: 0.5, borderRadius: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}
      >
        {proxy.proxy_url}
      </Box>
      <CopyButton value={proxy.proxy_url} label="Copy proxy URL" onError={(m) => notify('error', m)} />
      <Button size="small" startIcon={<OpenInNew />} onClick={() => void open()}>
        Open in browser
      </Button>
      <Chip
        size="small"
        label={`proxy ${proxy.proxy_status}`}
        color={proxy.proxy_status === 'active' ? 'success' : 'default'}
        variant="outlined"
        data-testid="proxy-status"
      />
    </Stack>
  );
}

export function SslCard({ proxy }: { proxy: ProxyConfiguration }) {
  const cert = proxy.ssl_certificate;
  return (
    <Panel title="TLS certificate" testId="proxy-ssl">
      {cert ? (
        <Facts
          items={[
            ['Status', <Chip size="small" color={SSL_COLOR[cert.status]} label={cert.status} />],
            ['Issuer', cert.issuer],
            ['Valid from', formatDate(cert.valid_from)],
            ['Valid until', `${formatDate(cert.valid_until)} (${relativeTime(cert.valid_until)})`],
          ]}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          The proxy did not report a certificate.
        </Typography>
      )}
    </Panel>
  );
}

function EditButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button size="small" startIcon={<EditOutlined />} onClick={onClick} aria-label={label}>
      Edit
    </Button>
  );
}

export function NetworkCard({ proxy, onEdit }: { proxy: ProxyConfiguration; onEdit(): void }) {
  const n = proxy.network_configuration;
  return (
    <Panel title="Network" testId="proxy-network" action={<EditButton label="Edit network configuration" onClick={onEdit} />}>
      <Facts
        items={[
          [
            'Load balancer',
            n.load_balancer.enabled
              ? `${n.load_balancer.algorithm.replace(/_/g, ' ')}${n.load_balancer.health_check_enabled ? ', health-checked' : ''}`
              : 'Off',
          ],
          ['TLS termination', n.ssl_termination === 'proxy' ? 'At the proxy' : 'Passthrough'],
          ['WebSockets', n.websocket_support ? 'Supported' : 'Off'],
          ['Compression', n.compression.enabled ? n.compression.algorithms.join(', ') || 'On' : 'Off'],
        ]}
      />
    </Panel>
  );
}

export function AccessCard({ proxy, onEdit }: { proxy: ProxyConfiguration; onEdit(): void }) {
  const ac = proxy.access_control;
  const rl = ac.rate_limiting;
  return (
    <Panel title="Access control" testId="proxy-access" action={<EditButton label="Edit access control" onClick={onEdit} />}>
      <Facts
        items={[
          ['Default', ac.default_authentication ? 'Sign-in required' : 'Open'],
          ['Sessions', `${ac.session_timeout_minutes} min timeout, ${ac.max_concurrent_sessions} concurrent`],
          ['IP lists', `${ac.ip_whitelist.length} allowed, ${ac.blocked_ips.length} blocked`],
          [
            'Rate limits',
            `${rl.global_limit.requests_per_minute.toLocaleString('en-US')}/min global, ${rl.per_user_limit.requests_per_minute.toLocaleString('en-US')}/min per user`,
          ],
          [
            'Headers',
            [
              ac.security_headers.hsts_enabled ? 'HSTS' : null,
              `X-Frame-Options ${ac.security_headers.x_frame_options}`,
              ac.security_headers.content_security_policy ? 'CSP' : null,
            ]
              .filter(Boolean)
              .join(' · '),
          ],
        ]}
      />
    </Panel>
  );
}
