// Column declarations of the model registry, and the rest of its table; the table is the
// shared DataTable. The first column ticks models for Compare (2–10 of them).
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { navigate } from '../../../platform/navigation/hash-router';
import { formatDate } from '../../../platform/relative-time';
import { modelPath } from './model-routes';
import { formatBytes, formatMetric, formatParameters } from './model-format';
import type { ModelItem } from './models-store';
import { ModelStatusChip } from './ModelStatusChip';
import { TwoLineCell } from '../../../components/TwoLineCell';

export interface Selection {
  selected: ReadonlySet<string>;
  toggle(id: string): void;
}

export const MODEL_TABLE = {
  label: 'Models',
  rowKey: (m: ModelItem) => m.id,
  onRowActivate: (m: ModelItem) => navigate(modelPath(m.id)),
  rowTestId: (m: ModelItem) => `model-row-${m.id}`,
  rowHeight: 52,
};

const metric = (value: number | null, key: string) => (value === null ? '—' : formatMetric(key, value));

export function modelColumns({ selected, toggle }: Selection): Column<ModelItem>[] {
  return [
    {
      id: 'select',
      header: '',
      width: '56px',
      align: 'center',
      render: (m) => (
        <Checkbox
          size="small"
          checked={selected.has(m.id)}
          onChange={() => toggle(m.id)}
          // The row opens the model on a click; ticking is its own gesture.
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
          slotProps={{ input: { 'aria-label': `Select ${m.name} to compare` } }}
        />
      ),
    },
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(180px, 2fr)',
      sortValue: (m) => m.name.toLowerCase(),
      render: (m) => (
        <TwoLineCell
          strong
          primary={m.name}
          secondary={m.baseModel ?? m.id}
          title={m.description ? `${m.name}\n${m.description}` : m.name}
        />
      ),
    },
    { id: 'type', header: 'Type', width: '72px', sortValue: (m) => m.type, render: (m) => m.type },
    {
      id: 'version',
      header: 'Version',
      width: '80px',
      sortValue: (m) => m.version,
      render: (m) => (
        <span title={m.versionCount ? `${m.versionCount} version${m.versionCount === 1 ? '' : 's'}` : undefined}>{m.version}</span>
      ),
    },
    { id: 'status', header: 'Status', width: '108px', sortValue: (m) => m.status, render: (m) => <ModelStatusChip status={m.status} /> },
    {
      id: 'loss',
      header: 'Final loss',
      width: '100px',
      align: 'right',
      sortValue: (m) => m.metrics.finalLoss ?? Number.POSITIVE_INFINITY,
      render: (m) => metric(m.metrics.finalLoss, 'finalLoss'),
    },
    {
      id: 'accuracy',
      header: 'Accuracy',
      width: '92px',
      align: 'right',
      sortValue: (m) => m.metrics.accuracy ?? -1,
      render: (m) => metric(m.metrics.accuracy, 'accuracy'),
    },
    {
      id: 'perplexity',
      header: 'Perplexity',
      width: '108px',
      align: 'right',
      sortValue: (m) => m.metrics.perplexity ?? Number.POSITIVE_INFINITY,
      render: (m) => metric(m.metrics.perplexity, 'perplexity'),
    },
    {
      id: 'size',
      header: 'Size',
      width: '104px',
      align: 'right',
      sortValue: (m) => m.size.bytes,
      render: (m) => (
        <Box sx={{ textAlign: 'right', lineHeight: 1.2 }}>
          <Typography variant="body2">{formatBytes(m.size.bytes)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {formatParameters(m.size.parameters)} params
          </Typography>
        </Box>
      ),
    },
    {
      id: 'deployments',
      header: 'Deployed',
      width: '96px',
      align: 'right',
      sortValue: (m) => m.deployments.active,
      render: (m) => (
        <span title={m.deployments.endpoints.join('\n') || undefined}>{m.deployments.active ? `${m.deployments.active} active` : '—'}</span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      width: CONTENT_WIDTH.date,
      sortValue: (m) => Date.parse(m.createdAt),
      render: (m) => formatDate(m.createdAt),
    },
  ];
}
