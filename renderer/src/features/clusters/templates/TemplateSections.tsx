// The read-only sections of a template's detail view.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Template } from '../../../../../shared/api/clusters/templates';
import { notify } from '../../../platform/notifications-store';
import { CopyButton } from '../../../components/CopyButton';
import { MONO_FONT } from '../../../lib/fonts';
import { formatNumber, gpuName } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { RESOURCE_LABELS } from './ResourceBoundsFields';
import { RESOURCES } from './template-form';
import { Panel } from '../../../components/Section';

const grid = (columns: string) =>
  ({ display: 'grid', gridTemplateColumns: columns, columnGap: 2, rowGap: 0.75, fontSize: 14, alignItems: 'baseline' }) as const;
const head = { fontSize: 12, fontWeight: 600, color: 'text.secondary', textTransform: 'uppercase' } as const;
const none = (
  <Typography variant="body2" color="text.secondary">
    None
  </Typography>
);

const amount = (value: number | undefined | null) => (value === undefined || value === null ? '—' : formatNumber(value));

export function ResourcesPanel({ template }: { template: Template }) {
  const { min_resources: min, max_resources: max } = template.resource_limits;
  const d = template.default_configuration;
  return (
    <Panel title={`Resources · ${gpuName(d.gpu_type)}`} testId="template-resources">
      <Box sx={grid('auto 1fr 1fr 1fr')}>
        <span />
        <Box sx={head}>Min</Box>
        <Box sx={head}>Default</Box>
        <Box sx={head}>Max</Box>
        {RESOURCES.map((r) => (
          <Box key={r} sx={{ display: 'contents' }}>
            <Box sx={{ color: 'text.secondary' }}>{RESOURCE_LABELS[r]}</Box>
            <span>{amount(min[r])}</span>
            <Box sx={{ fontWeight: 600 }}>{amount(d[r])}</Box>
            <span>{amount(max[r])}</span>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="template-hourly-cost">
        Estimated cost: <b>{formatMoney(d.estimated_hourly_cost)}/h</b> at the default configuration
      </Typography>
    </Panel>
  );
}

function KeyValues({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ ...grid('auto 1fr'), m: 0 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {k}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {v}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function SoftwarePanel({ template }: { template: Template }) {
  const s = template.software_versions;
  const c = template.compatibility;
  return (
    <Panel title="Software and compatibility">
      <KeyValues
        rows={[
          ['Python', s.python ?? '—'],
          ['PyTorch', s.pytorch ?? '—'],
          ['CUDA', s.cuda ?? '—'],
          ['cuDNN', s.cudnn ?? '—'],
          [
            'GPU types',
            c.gpu_types.length ? (
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {c.gpu_types.map((g) => (
                  <Chip key={g} label={gpuName(g)} size="small" />
                ))}
              </Stack>
            ) : (
              'Any'
            ),
          ],
          ['Regions', c.regions.length ? c.regions.join(', ') : 'Any'],
          ['Min. driver', c.min_driver_version ?? '—'],
        ]}
      />
    </Panel>
  );
}

export function UsagePanel({ template }: { template: Template }) {
  const u = template.usage_statistics;
  return (
    <Panel title="Usage">
      <KeyValues
        rows={[
          ['Deployments', u.total_deployments.toLocaleString()],
          ['Active clusters', u.active_clusters.toLocaleString()],
          ['Rating', u.average_rating === null ? '—' : `${u.average_rating.toFixed(1)} / 5`],
          ['Success rate', u.success_rate === null ? '—' : `${Math.round(u.success_rate * 100)}%`],
          [
            'Created by',
            `${template.created_by.username}${template.created_by.organization ? ` (${template.created_by.organization})` : ''}`,
          ],
        ]}
      />
    </Panel>
  );
}

export function PortsPanel({ template }: { template: Template }) {
  return (
    <Panel title="Ports">
      {template.port_mappings.length === 0 ? (
        none
      ) : (
        <Box sx={grid('auto auto 1fr auto')}>
          <Box sx={head}>Port</Box>
          <Box sx={head}>Protocol</Box>
          <Box sx={head}>Description</Box>
          <Box sx={head}>Required</Box>
          {template.port_mappings.map((p) => (
            <Box key={`${p.internal_port}/${p.protocol}`} sx={{ display: 'contents' }}>
              <Box sx={{ fontFamily: MONO_FONT }}>{p.internal_port}</Box>
              <span>{p.protocol}</span>
              <span>{p.description}</span>
              <span>{p.required ? 'yes' : 'no'}</span>
            </Box>
          ))}
        </Box>
      )}
    </Panel>
  );
}

export function PackagesPanel({ template }: { template: Template }) {
  return (
    <Panel title="Required packages">
      {template.required_packages.length === 0 ? (
        none
      ) : (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {template.required_packages.map((p) => (
            <Chip key={p} label={p} size="small" variant="outlined" sx={{ fontFamily: MONO_FONT }} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function EnvironmentPanel({ template }: { template: Template }) {
  const entries = Object.entries(template.environment_variables);
  return (
    <Panel title="Environment">
      {entries.length === 0 ? (
        none
      ) : (
        <Box sx={{ ...grid('auto 1fr'), fontFamily: MONO_FONT, fontSize: 13 }}>
          {entries.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Box sx={{ fontWeight: 600 }}>{k}</Box>
              <Box sx={{ wordBreak: 'break-all' }}>{v}</Box>
            </Box>
          ))}
        </Box>
      )}
    </Panel>
  );
}

export function StartupScriptPanel({ template }: { template: Template }) {
  const script = template.startup_script;
  return (
    <Panel
      title="Startup script"
      action={script ? <CopyButton value={script} label="Copy startup script" onError={(m) => notify('error', m)} /> : undefined}
    >
      {script ? (
        <Box
          component="pre"
          data-testid="startup-script"
          sx={{
            m: 0,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: MONO_FONT,
            fontSize: 12,
            overflow: 'auto',
            maxHeight: 360,
            whiteSpace: 'pre',
          }}
        >
          <code>{script}</code>
        </Box>
      ) : (
        none
      )}
    </Panel>
  );
}
