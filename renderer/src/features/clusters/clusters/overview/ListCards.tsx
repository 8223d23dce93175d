// Snapshots, team and environment of a cluster.
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Cluster, Snapshot } from '../../../../../../shared/api/clusters/cluster';
import { CopyButton } from '../../../../components/CopyButton';
import { DataTable, type Column } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/StateViews';
import { MONO_FONT } from '../../../../lib/fonts';
import { sizeGb } from '../../../../lib/format';
import { formatDateTime, relativeTime } from '../../../../platform/relative-time';
import { Panel } from '../../../../components/Section';

const snapshotColumns: Column<Snapshot>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 'minmax(160px, 2fr)',
    sortValue: (s) => s.name.toLowerCase(),
    render: (s) => <span title={s.id}>{s.name}</span>,
  },
  {
    id: 'id',
    header: 'Id',
    width: 'minmax(140px, 1fr)',
    render: (s) => <span style={{ fontFamily: MONO_FONT, fontSize: 12 }}>{s.id}</span>,
  },
  {
    id: 'size',
    header: 'Size',
    width: '90px',
    align: 'right',
    sortValue: (s) => s.size_gb,
    render: (s) => sizeGb(s.size_gb),
  },
  {
    id: 'created',
    header: 'Created',
    width: '130px',
    sortValue: (s) => Date.parse(s.created_at),
    render: (s) => <span title={formatDateTime(s.created_at)}>{relativeTime(s.created_at)}</span>,
  },
];

const ROW = 40;

export function SnapshotsCard({ cluster }: { cluster: Cluster }) {
  const snapshots = cluster.storage.snapshots;
  // Tall enough for five rows; more scroll inside the table.
  const height = 40 + ROW * Math.min(Math.max(snapshots.length, 2), 5) + 2;
  return (
    <Panel title={`Snapshots (${snapshots.length})`} testId="cluster-snapshots">
      <Box
        sx={{ height, display: 'flex', flexDirection: 'column', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        <DataTable
          label="Snapshots"
          rows={snapshots}
          columns={snapshotColumns}
          rowKey={(s) => s.id}
          rowHeight={ROW}
          initialSort={{ columnId: 'created', direction: 'desc' }}
          empty={
            <EmptyState icon={<PhotoCameraOutlined />} title="No snapshots">
              A stop or restart that saves state creates one.
            </EmptyState>
          }
        />
      </Box>
      {cluster.storage.volumes.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Volumes: {cluster.storage.volumes.join(', ')}
        </Typography>
      )}
    </Panel>
  );
}

export function TeamCard({ cluster }: { cluster: Cluster }) {
  const members = cluster.project_info.team_members;
  return (
    <Panel title={`Team (${members.length})`} testId="cluster-team">
      {members.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No team members on this cluster's project.
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
          {members.map((id) => (
            <Chip key={id} size="small" variant="outlined" label={id} sx={{ fontFamily: MONO_FONT }} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function EnvironmentCard({ cluster }: { cluster: Cluster }) {
  const entries = Object.entries(cluster.environment).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Panel title={`Environment (${entries.length})`} testId="cluster-environment">
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No environment variables.
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr auto',
            columnGap: 1.5,
            rowGap: 0.25,
            alignItems: 'center',
            fontFamily: MONO_FONT,
            fontSize: 13,
            maxHeight: 240,
            overflowY: 'auto',
          }}
        >
          {entries.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {k}
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={v}>
                {v}
              </Box>
              <CopyButton value={v} label={`Copy ${k}`} />
            </Box>
          ))}
        </Box>
      )}
    </Panel>
  );
}
