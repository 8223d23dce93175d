// The Deployments tab: each deployment of the model with its status, address (copyable),
// workers and age; the page reads the model again while one is deploying. A deployment is
// served by an endpoint (its id is the endpoint's): its name opens the endpoint, with its
// health and logs.
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Model } from '../../../../../shared/api/training/models';
import { CopyButton } from '../../../components/CopyButton';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { ModelStatusChip } from './ModelStatusChip';
import { Panel } from '../../../components/Section';

export function DeploymentsTab({ model, onDeploy }: { model: Model; onDeploy?(): void }) {
  const deployments = model.deployments;
  return (
    <Panel
      title="Deployments"
      testId="model-deployments"
      action={
        onDeploy && (
          <Button size="small" variant="outlined" onClick={onDeploy}>
            Deploy
          </Button>
        )
      }
    >
      {deployments.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="no-deployments">
          Not deployed. {onDeploy ? 'Deploy it to serve it behind an endpoint address.' : ''}
        </Typography>
      ) : (
        <Table size="small" aria-label="Deployments">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Address</TableCell>
              <TableCell align="right">Workers</TableCell>
              <TableCell>Created</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deployments.map((d) => (
              <TableRow key={d.id} data-testid={`deployment-row-${d.id}`}>
                <TableCell sx={{ maxWidth: 240 }}>
                  <Typography variant="body2" noWrap title={d.name} sx={{ fontWeight: 600 }}>
                    {/* Deployments made before they were endpoints (`dep_…`) have none to open. */}
                    {d.id.startsWith('ep_') ? (
                      <Link href={`#/endpoints/${encodeURIComponent(d.id)}`} data-testid={`deployment-endpoint-${d.id}`}>
                        {d.name}
                      </Link>
                    ) : (
                      d.name
                    )}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT }}>
                    {d.id}
                  </Typography>
                </TableCell>
                <TableCell>
                  <ModelStatusChip status={d.status} testId={`deployment-status-${d.id}`} />
                </TableCell>
                <TableCell sx={{ maxWidth: 0, width: '45%' }}>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" noWrap title={d.url} sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
                      {d.url}
                    </Typography>
                    <CopyButton value={d.url} label={`Copy address of ${d.name}`} />
                  </Stack>
                </TableCell>
                <TableCell align="right">{d.workers}</TableCell>
                <TableCell title={formatDateTime(d.createdAt)} sx={{ whiteSpace: 'nowrap' }}>
                  {relativeTime(d.createdAt)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
}
