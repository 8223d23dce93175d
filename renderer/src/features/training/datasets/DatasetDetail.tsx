// /training/datasets/<id>: a dataset's status as it moves (uploading → processing → ready or
// error), its validation report, schema, statistics and versions; edit (name, description,
// tags) and delete (refused while a training job uses it: DATASET_IN_USE, said in words).
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Dataset } from '../../../../../shared/api/training/datasets';
import { navigate } from '../../../platform/navigation/hash-router';
import { notify } from '../../../platform/notifications-store';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { toNormalizedError } from '../../../bridge/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { RefreshFrame, StaleBanner } from '../../../components/StaleBanner';
import { ErrorState } from '../../../components/StateViews';
import { TagChips } from '../../../components/TagChips';
import { BridgeCallError } from '../../../bridge/errors';
import { MONO_FONT } from '../../../lib/fonts';
import { relativeTime } from '../../../platform/relative-time';
import { DETAIL_POLL_MS, usePolling } from '../../../lib/use-polling';
import { TrainingStatusChip } from '../TrainingStatusChip';
import { formatBytes, formatCount } from '../training-format';
import { expiredText, processingText, uploadWaitText } from './dataset-status-text';
import { CHECK_NAMES, ContentsSection, SchemaSection, StatisticsSection, ValidationSection, VersionsSection } from './DatasetSections';
import { EditDatasetDialog } from './EditDatasetDialog';
import { useDatasets } from './datasets-store';

/** DATASET_IN_USE in words: which jobs hold the dataset and what to do. */
function deleteRefusal(error: unknown): BridgeCallError | unknown {
  const n = toNormalizedError(error);
  if (n.code !== 'DATASET_IN_USE') return error;
  const jobs = Array.isArray(n.details.trainingJobIds) ? (n.details.trainingJobIds as string[]) : [];
  return new BridgeCallError({
    ...n,
    message: `This dataset is used by ${jobs.length === 1 ? 'a training job' : `${jobs.length || 'some'} training jobs`}${
      jobs.length ? ` (${jobs.join(', ')})` : ''
    } that is pending, running or stopped and may resume. Stop or let ${jobs.length === 1 ? 'it' : 'them'} finish, then delete the dataset.`,
  });
}

/** Why a dataset is in error, in words: the failed checks (VALIDATION_FAILED) or the server's message. */
function failureText(dataset: Dataset): string {
  if (dataset.error?.error === 'UPLOAD_EXPIRED') return expiredText(dataset.error.details.expiredAt);
  const failed = (dataset.validation.checks ?? []).filter((c) => c.status === 'failed');
  if (dataset.error?.error !== 'VALIDATION_FAILED' || failed.length === 0) return dataset.error?.message ?? '';
  const checks = failed.map((c) => `${CHECK_NAMES[c.name] ?? c.name}${c.message ? ` (${c.message})` : ''}`).join('; ');
  return `Failed ${failed.length === 1 ? 'check' : 'checks'}: ${checks}. The failing examples are listed below with their line numbers.`;
}

const FAILURE_TITLE: Record<string, string> = {
  VALIDATION_FAILED: 'The file failed validation',
  UPLOAD_EXPIRED: 'The upload expired before a file arrived',
};

function StatusBanner({ dataset, onCancelUpload }: { dataset: Dataset; onCancelUpload(): void }) {
  if (dataset.status === 'uploading')
    return (
      <Alert
        severity="info"
        data-testid="dataset-uploading"
        action={
          <Button color="inherit" size="small" onClick={onCancelUpload} data-testid="cancel-pending-upload" sx={{ whiteSpace: 'nowrap' }}>
            Cancel upload
          </Button>
        }
      >
        {uploadWaitText(dataset.uploadExpiresAt)}
      </Alert>
    );
  if (dataset.status === 'processing')
    return (
      <Alert severity="info" data-testid="dataset-processing">
        {processingText(dataset.estimatedReadyAt)}
      </Alert>
    );
  if (dataset.status === 'error' && dataset.error)
    return (
      <Alert severity="error" data-testid="dataset-error">
        <AlertTitle>{FAILURE_TITLE[dataset.error.error] ?? 'The file could not be used'}</AlertTitle>
        {failureText(dataset)}
      </Alert>
    );
  return null;
}

export function DatasetDetail({ id }: { id: string }) {
  const detail = useDatasets((s) => s.details[id]);
  const [editing, setEditing] = useState(false);
  // Delete, or cancel an upload waiting for its file (which deletes the dataset too).
  const [deleting, setDeleting] = useState<'delete' | 'cancel' | null>(null);
  const reload = useCallback(() => void useDatasets.getState().loadOne(id), [id]);
  useEffect(reload, [reload]);
  useIntent('page:refresh', reload);
  useOnProfileSwitch(reload);
  usePageKeys(useMemo(() => ({ e: () => setEditing(true) }), []));
  const dataset = detail?.dataset ?? null;
  usePolling(dataset?.status === 'uploading' || dataset?.status === 'processing', DETAIL_POLL_MS, reload);

  if (!detail || !dataset) {
    if (detail?.status === 'error' && detail.error)
      return (
        <ErrorState
          title={detail.error.status === 404 ? `No dataset ${id}` : 'Could not load the dataset'}
          error={detail.error}
          onRetry={reload}
        />
      );
    return (
      <Stack spacing={2} aria-busy aria-label="Loading dataset">
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }

  const remove = async () => {
    try {
      await useDatasets.getState().remove(id);
    } catch (error) {
      throw deleteRefusal(error);
    }
    notify('success', deleting === 'cancel' ? `Upload cancelled: dataset “${dataset.name}” deleted` : `Dataset “${dataset.name}” deleted`);
    navigate('/training/datasets');
  };

  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="dataset-detail">
      <Button startIcon={<ArrowBack />} href="#/training/datasets" size="small" sx={{ alignSelf: 'flex-start' }}>
        Datasets
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" noWrap>
              {dataset.name}
            </Typography>
            <TrainingStatusChip status={dataset.status} size="medium" testId="dataset-detail-status" />
            <TagChips values={dataset.tags} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {dataset.type} · {dataset.format} · {dataset.size.bytes > 0 ? formatBytes(dataset.size.bytes) : 'no data yet'}
            {(dataset.status === 'ready' || dataset.status === 'error') && dataset.versions.length > 0
              ? ` · ${formatCount(dataset.size.examples)} examples`
              : ''}{' '}
            · created {relativeTime(dataset.createdAt)}
          </Typography>
          {dataset.description && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {dataset.description}
            </Typography>
          )}
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25 }}>
            <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 13 }} color="text.secondary">
              {dataset.id}
            </Typography>
            <CopyButton value={dataset.id} label="Copy dataset id" />
          </Stack>
        </Box>
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh dataset" onClick={reload} disabled={detail.refreshing}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)} aria-keyshortcuts="E">
          Edit
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutline />}
          onClick={() => setDeleting('delete')}
          data-testid="delete-dataset"
        >
          Delete
        </Button>
      </Stack>
      <StaleBanner
        error={detail.error}
        title="Could not load the dataset"
        loadedAt={detail.loadedAt}
        onRetry={reload}
        retrying={detail.refreshing}
      />
      <RefreshFrame stale={Boolean(detail.error)} refreshing={detail.refreshing}>
        <Stack spacing={2}>
          <StatusBanner dataset={dataset} onCancelUpload={() => setDeleting('cancel')} />
          <ValidationSection dataset={dataset} />
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, gap: 2, alignItems: 'start' }}
          >
            <SchemaSection dataset={dataset} />
            <StatisticsSection dataset={dataset} />
          </Box>
          <ContentsSection dataset={dataset} />
          <VersionsSection dataset={dataset} />
        </Stack>
      </RefreshFrame>
      <EditDatasetDialog dataset={dataset} open={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting === 'cancel' ? `Cancel the upload of “${dataset.name}”?` : `Delete dataset “${dataset.name}”?`}
        confirmLabel={deleting === 'cancel' ? 'Cancel upload' : 'Delete'}
        cancelLabel={deleting === 'cancel' ? 'Keep waiting' : undefined}
        destructive
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        {deleting === 'cancel' ? (
          'The dataset is deleted and its upload address stops working; create it again to upload its file.'
        ) : (
          <>
            {dataset.versions.length === 0
              ? 'It holds no data yet. '
              : `Its data (${formatBytes(dataset.size.bytes)}, ${dataset.versions.length} version${dataset.versions.length === 1 ? '' : 's'}) is deleted for good. `}
            Jobs that trained on it keep their models.
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
