// The Proxy & ports tab: proxy address, certificate, network and access control; the port
// mappings with add / edit / delete; and the proxy's recent access logs.
import Add from '@mui/icons-material/Add';
import Lan from '@mui/icons-material/Lan';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import type { PortMapping } from '../../../../../../shared/api/clusters/ports';
import { notify } from '../../../../platform/notifications-store';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable } from '../../../../components/DataTable';
import { RefreshFrame, StaleBanner } from '../../../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../../../components/StateViews';
import { useMountedOnce } from '../../../../lib/use-mounted-once';
import { Panel } from '../../../../components/Section';
import { useIntent } from '../../../../platform/page-hooks';
import { AccessControlDialog } from './AccessControlDialog';
import { AccessLogsTable } from './AccessLogsTable';
import { NetworkDialog } from './NetworkDialog';
import { PortDialog } from './PortDialog';
import { portColumns } from './port-columns';
import { AccessCard, NetworkCard, ProxyAddress, SslCard } from './ProxySummary';
import { useProxy } from './proxy-store';
import { useMemberLookup, useTeamDirectory } from '../../../../platform/team-directory';

type Editor = { kind: 'port'; port: PortMapping | null } | { kind: 'access' } | { kind: 'network' } | null;

const PORT_ROW = 48;

export function ProxyTab({ cluster }: { cluster: Cluster }) {
  const { proxy, meta, status, error, clusterId, refreshing, loadedAt } = useProxy();
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<PortMapping | null>(null);
  const lastDeleting = useRef<PortMapping | null>(null);
  if (deleting) lastDeleting.current = deleting;
  // The edited mapping stays in the dialog while it animates closed.
  const lastPort = useRef<PortMapping | null>(null);
  if (editor?.kind === 'port') lastPort.current = editor.port;
  const reload = useCallback(() => void useProxy.getState().load(cluster.id), [cluster.id]);

  useEffect(() => {
    void useProxy.getState().load(cluster.id, { quiet: true });
  }, [cluster.id]);
  useIntent('page:refresh', reload);
  const portMounted = useMountedOnce(editor?.kind === 'port');

  const columns = useMemo(() => portColumns({ edit: (port) => setEditor({ kind: 'port', port }), remove: setDeleting }), []);
  // Allowed users are picked from the cluster's team, named from the account's team directory.
  const team = cluster.project_info.team_members;
  const memberOf = useMemberLookup();
  useEffect(() => void useTeamDirectory.getState().ensureLoaded(), []);

  if (status === 'error' && error) return <ErrorState title="Could not load the proxy" error={error} onRetry={reload} />;
  if (!proxy || clusterId !== cluster.id) return <Skeleton variant="rounded" height={400} aria-label="Loading proxy" />;

  const ports = proxy.port_mappings;
  const tableHeight = 40 + PORT_ROW * Math.min(Math.max(ports.length, 3), 8) + 2;
  const removed = deleting ?? lastDeleting.current;

  return (
    <Stack spacing={2} sx={{ overflowY: 'auto', pb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>
          <ProxyAddress proxy={proxy} />
        </Box>
        <Tooltip
          title={meta ? `Proxy ${meta.proxyVersion} · ${meta.activePortMappings}/${meta.totalPortMappings} mappings active` : 'Refresh'}
        >
          <span>
            <IconButton aria-label="Refresh proxy" onClick={reload} disabled={refreshing}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <StaleBanner error={error} title="Could not load the proxy" loadedAt={loadedAt} onRetry={reload} retrying={refreshing} />
      <RefreshFrame stale={error !== null} refreshing={refreshing}>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
            <SslCard proxy={proxy} />
            <NetworkCard proxy={proxy} onEdit={() => setEditor({ kind: 'network' })} />
            <AccessCard proxy={proxy} onEdit={() => setEditor({ kind: 'access' })} />
          </Box>
          <Panel
            title={`Port mappings (${ports.length})`}
            testId="port-mappings"
            action={
              <Button
                size="small"
                variant="contained"
                startIcon={<Add />}
                onClick={() => setEditor({ kind: 'port', port: null })}
                data-testid="add-port-button"
              >
                Add port
              </Button>
            }
          >
            <Box
              sx={{
                height: tableHeight,
                display: 'flex',
                flexDirection: 'column',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              <DataTable
                label="Port mappings"
                rows={ports}
                columns={columns}
                rowKey={(p) => p.id}
                rowHeight={PORT_ROW}
                initialSort={{ columnId: 'mapping', direction: 'asc' }}
                onRowActivate={(port) => setEditor({ kind: 'port', port })}
                rowTestId={(p) => `port-row-${p.internal_port}`}
                empty={
                  <EmptyState icon={<Lan />} title="No port mappings">
                    Map a port of the cluster to reach a service through the proxy; the external port can be assigned automatically.
                  </EmptyState>
                }
              />
            </Box>
          </Panel>
        </Stack>
      </RefreshFrame>
      <AccessLogsTable clusterId={cluster.id} clusterName={cluster.name} memberOf={memberOf} />

      {portMounted && (
        <PortDialog
          open={editor?.kind === 'port'}
          port={editor?.kind === 'port' ? editor.port : lastPort.current}
          team={team}
          onClose={() => setEditor(null)}
        />
      )}
      <AccessControlDialog open={editor?.kind === 'access'} access={proxy.access_control} onClose={() => setEditor(null)} />
      <NetworkDialog open={editor?.kind === 'network'} network={proxy.network_configuration} onClose={() => setEditor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete port ${removed?.internal_port ?? ''} → ${removed?.external_port ?? ''}?`}
        confirmLabel="Delete mapping"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await useProxy.getState().deletePort(deleting.id);
          notify('success', `Port mapping ${deleting.internal_port} → ${deleting.external_port} deleted`);
        }}
      >
        {removed ? `“${removed.description}” stops being reachable at ${removed.url} at once. Anyone using that address loses access.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
