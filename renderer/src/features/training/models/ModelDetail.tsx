// /models/<id>[/<tab>]: one model — status, version, where it came from (training job,
// dataset), and tabs Overview, Versions, Files, Deployments. Read again every few seconds while
// one of its deployments is deploying.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import Unarchive from '@mui/icons-material/Unarchive';
import Alert from '@mui/material/Alert';
import { notify } from '../../../platform/notifications-store';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ArchiveModelDialog } from './ArchiveModelDialog';
import { DeployDialog } from './DeployDialog';
import { EditModelDialog } from './EditModelDialog';
import { NewVersionDialog } from './NewVersionDialog';
import { VersionsTab } from './VersionsTab';
import type { Model } from '../../../../../shared/api/training/models';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { CopyButton } from '../../../components/CopyButton';
import { RefreshFrame, StaleBanner } from '../../../components/StaleBanner';
import { ErrorState } from '../../../components/StateViews';
import { TagChips } from '../../../components/TagChips';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { usePolling } from '../../../lib/use-polling';
import { DeploymentsTab } from './DeploymentsTab';
import { FilesTab } from './FilesTab';
import { MODEL_TABS, modelPath, type ModelTab } from './model-routes';
import { OverviewTab } from './ModelSections';
import { ModelStatusChip } from './ModelStatusChip';
import { useModels } from './models-store';

/** A deployment becomes active in 3–5 simulated minutes: a read every 2 s follows it closely. */
const DEPLOY_POLL_MS = 2_000;

const TAB_LABELS: Record<ModelTab, string> = { overview: 'Overview', versions: 'Versions', files: 'Files', deployments: 'Deployments' };

function Origin({ model }: { model: Model }) {
  const parts: ReactNode[] = [];
  if (model.baseModel) parts.push(<span key="base">from {model.baseModel}</span>);
  if (model.trainingJobId)
    parts.push(
      <span key="job">
        trained by{' '}
        <Link href={`#/training/jobs/${encodeURIComponent(model.trainingJobId)}`} data-testid="model-job-link">
          {model.trainingJobId}
        </Link>
      </span>,
    );
  if (model.datasetId)
    parts.push(
      <span key="dataset">
        on{' '}
        <Link href={`#/training/datasets/${encodeURIComponent(model.datasetId)}`} data-testid="model-dataset-link">
          {model.datasetId}
        </Link>
      </span>,
    );
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
      {model.type} · {parts.flatMap((p, i) => (i ? [' · ', p] : [p]))}
      {parts.length ? ' · ' : ''}updated {relativeTime(model.updatedAt)}
    </Typography>
  );
}

type Dialog = 'deploy' | 'edit' | 'archive' | 'restore' | 'version' | null;

function Actions({ model, onOpen }: { model: Model; onOpen(d: Dialog): void }) {
  const archived = model.status === 'archived';
  return (
    <>
      <Button startIcon={<EditOutlined />} onClick={() => onOpen('edit')} disabled={archived} data-testid="edit-model">
        Edit
      </Button>
      {archived ? (
        <Button startIcon={<Unarchive />} onClick={() => onOpen('restore')} data-testid="restore-model">
          Restore
        </Button>
      ) : (
        <Button startIcon={<ArchiveOutlined />} color="error" onClick={() => onOpen('archive')} data-testid="archive-model">
          Archive
        </Button>
      )}
      <Tooltip title={archived ? 'Restore the model to deploy it' : 'Deploy the latest version (D)'}>
        <span>
          <Button
            variant="contained"
            startIcon={<RocketLaunchOutlined />}
            onClick={() => onOpen('deploy')}
            disabled={archived}
            data-testid="deploy-model"
          >
            Deploy
          </Button>
        </span>
      </Tooltip>
    </>
  );
}

function ArchivedBanner({ model }: { model: Model }) {
  if (!model.archive) return null;
  return (
    <Alert severity="warning" data-testid="model-archived">
      Archived {relativeTime(model.archive.archivedAt)}
      {model.archive.reason ? ` (“${model.archive.reason}”)` : ''}: it is deleted permanently on {formatDateTime(model.archive.deleteAt)} (
      {relativeTime(model.archive.deleteAt)}) unless restored.
    </Alert>
  );
}

export function ModelDetail({ id, tab }: { id: string; tab: ModelTab }) {
  const detail = useModels((s) => s.details[id]);
  const reload = useCallback(() => void useModels.getState().loadOne(id), [id]);
  useEffect(reload, [reload]);
  useIntent('page:refresh', reload);
  useOnProfileSwitch(reload);
  const model = detail?.model ?? null;
  const deploying = Boolean(model?.deployments.some((d) => d.status === 'deploying'));
  usePolling(deploying, DEPLOY_POLL_MS, reload);
  const [dialog, setDialog] = useState<Dialog>(null);
  const archived = model?.status === 'archived';
  usePageKeys(
    useMemo(
      () => ({
        ...Object.fromEntries(MODEL_TABS.map((t, i) => [String(i + 1), () => navigate(modelPath(id, t))])),
        ...(archived ? {} : { d: () => setDialog('deploy'), e: () => setDialog('edit'), n: () => setDialog('version') }),
      }),
      [id, archived],
    ),
  );
  useIntent(
    'models:deploy',
    useCallback(() => setDialog('deploy'), []),
  );
  useIntent(
    'models:edit',
    useCallback(() => setDialog('edit'), []),
  );
  useIntent(
    'models:archive',
    useCallback(() => setDialog('archive'), []),
  );

  if (!detail || !model) {
    if (detail?.status === 'error' && detail.error)
      return (
        <ErrorState
          title={detail.error.status === 404 ? `No model ${id}` : 'Could not load the model'}
          error={detail.error}
          onRetry={reload}
        />
      );
    return (
      <Stack spacing={2} aria-busy aria-label="Loading model">
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="model-detail">
      <Button startIcon={<ArrowBack />} href="#/models" size="small" sx={{ alignSelf: 'flex-start' }}>
        Models
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
            <Typography
              variant="h5"
              component="h1"
              noWrap
              title={model.name}
              sx={{ minWidth: 0, maxWidth: '100%' }}
              data-testid="model-name"
            >
              {model.name}
            </Typography>
            <ModelStatusChip status={model.status} size="medium" testId="model-status" />
            <Typography variant="body1" color="text.secondary" data-testid="model-version">
              {model.version}
            </Typography>
            {model.tags.length > 0 && <TagChips values={model.tags} max={4} />}
          </Stack>
          <Origin model={model} />
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25 }}>
            <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 13 }} color="text.secondary">
              {model.id}
            </Typography>
            <CopyButton value={model.id} label="Copy model id" />
          </Stack>
        </Box>
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh model" onClick={reload} disabled={detail.refreshing}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
        <Actions model={model} onOpen={setDialog} />
      </Stack>
      <ArchivedBanner model={model} />
      <StaleBanner
        error={detail.error}
        title="Could not load the model"
        loadedAt={detail.loadedAt}
        onRetry={reload}
        retrying={detail.refreshing}
      />
      <Tabs
        value={tab}
        onChange={(_, next: ModelTab) => navigate(modelPath(id, next))}
        aria-label="Model sections"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        {MODEL_TABS.map((t) => (
          <Tab
            key={t}
            value={t}
            label={t === 'deployments' && model.deployments.length ? `${TAB_LABELS[t]} (${model.deployments.length})` : TAB_LABELS[t]}
            id={`model-tab-${t}`}
            aria-controls="model-panel"
          />
        ))}
      </Tabs>
      <RefreshFrame stale={Boolean(detail.error)} refreshing={detail.refreshing}>
        <Box role="tabpanel" id="model-panel" aria-labelledby={`model-tab-${tab}`}>
          {tab === 'overview' && <OverviewTab model={model} />}
          {tab === 'versions' && <VersionsTab model={model} onNewVersion={archived ? undefined : () => setDialog('version')} />}
          {tab === 'files' && <FilesTab model={model} />}
          {tab === 'deployments' && <DeploymentsTab model={model} onDeploy={archived ? undefined : () => setDialog('deploy')} />}
        </Box>
      </RefreshFrame>
      <DeployDialog model={model} open={dialog === 'deploy'} onClose={() => setDialog(null)} />
      <EditModelDialog model={model} open={dialog === 'edit'} onClose={() => setDialog(null)} />
      <NewVersionDialog model={model} open={dialog === 'version'} onClose={() => setDialog(null)} />
      <ArchiveModelDialog model={model} open={dialog === 'archive'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'restore'}
        title={`Restore ${model.name}?`}
        confirmLabel="Restore"
        onConfirm={async () => {
          await useModels.getState().restore(model.id);
          notify('success', `Model “${model.name}” restored`);
        }}
        onClose={() => setDialog(null)}
      >
        It becomes ready again and is no longer deleted at the end of its retention period. Deployments the archive stopped stay stopped;
        deploy it again to serve it.
      </ConfirmDialog>
    </Stack>
  );
}
