// /templates/<id>: everything about one template, with edit, "duplicate as new template"
// and delete (official templates are read-only: edit and delete disabled, with the reason).
import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import type { Template } from '../../../../../shared/api/clusters/templates';
import { navigate } from '../../../platform/navigation/hash-router';
import { notify } from '../../../platform/notifications-store';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RefreshFrame, StaleBanner } from '../../../components/StaleBanner';
import { ErrorState } from '../../../components/StateViews';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime } from '../../../platform/relative-time';
import { TemplateBadges } from './TemplateBadges';
import {
  EnvironmentPanel,
  PackagesPanel,
  PortsPanel,
  ResourcesPanel,
  SoftwarePanel,
  StartupScriptPanel,
  UsagePanel,
} from './TemplateSections';
import { useTemplates } from './templates-store';

const OFFICIAL_READ_ONLY =
  'Official templates are maintained by the platform and cannot be changed or deleted. Duplicate it to make your own.';

function ReadOnlyAware({ official, children }: { official: boolean; children: ReactElement }) {
  return official ? (
    <Tooltip title={OFFICIAL_READ_ONLY}>
      <span>{children}</span>
    </Tooltip>
  ) : (
    children
  );
}

function Header({
  template,
  onEdit,
  onDuplicate,
  onDelete,
  onRefresh,
  refreshing,
}: {
  template: Template;
  onEdit(): void;
  onDuplicate(): void;
  onDelete(): void;
  onRefresh(): void;
  refreshing: boolean;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1" noWrap>
            {template.name}
          </Typography>
          <Chip size="small" variant="outlined" label={`v${template.version}`} />
          <TemplateBadges template={template} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {template.category}
          {template.framework ? ` · ${template.framework}` : ''} · {template.gpu_compatible ? 'GPU compatible' : 'CPU only'} ·{' '}
          <Box component="span" sx={{ fontFamily: MONO_FONT }}>
            {template.container_image}
          </Box>
        </Typography>
      </Box>
      <Tooltip title="Refresh">
        <span>
          <IconButton aria-label="Refresh template" onClick={onRefresh} disabled={refreshing}>
            <Refresh />
          </IconButton>
        </span>
      </Tooltip>
      <ReadOnlyAware official={template.official}>
        <Button startIcon={<Edit />} onClick={onEdit} disabled={template.official} variant="outlined">
          Edit
        </Button>
      </ReadOnlyAware>
      <Button startIcon={<ContentCopy />} onClick={onDuplicate} variant="outlined">
        Duplicate as new template
      </Button>
      <ReadOnlyAware official={template.official}>
        <Button startIcon={<DeleteOutlined />} onClick={onDelete} disabled={template.official} color="error" variant="outlined">
          Delete
        </Button>
      </ReadOnlyAware>
    </Stack>
  );
}

export function TemplateDetail({ id, onEdit, onDuplicate }: { id: string; onEdit(t: Template): void; onDuplicate(t: Template): void }) {
  const detail = useTemplates((s) => s.details[id]);
  const [deleting, setDeleting] = useState(false);
  const reload = useCallback(() => void useTemplates.getState().loadOne(id), [id]);
  useEffect(reload, [reload]);

  const template = detail?.template ?? null;
  if (!template) {
    if (detail?.status === 'error' && detail.error)
      return (
        <ErrorState
          title={detail.error.status === 404 ? `No template ${id}` : 'Could not load the template'}
          error={detail.error}
          onRetry={reload}
        />
      );
    return (
      <Stack spacing={2} aria-busy aria-label="Loading template">
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }

  const remove = async () => {
    await useTemplates.getState().remove(template.id);
    notify('success', `Template “${template.name}” deleted`);
    navigate('/templates', { replace: true });
  };

  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="template-detail">
      <Button startIcon={<ArrowBack />} href="#/templates" size="small" sx={{ alignSelf: 'flex-start' }}>
        Templates
      </Button>
      <Header
        template={template}
        onEdit={() => onEdit(template)}
        onDuplicate={() => onDuplicate(template)}
        onDelete={() => setDeleting(true)}
        onRefresh={reload}
        refreshing={detail?.refreshing ?? false}
      />
      <StaleBanner
        error={detail?.error ?? null}
        title="Could not load the template"
        loadedAt={detail?.loadedAt ?? null}
        onRetry={reload}
        retrying={detail?.refreshing}
      />
      <RefreshFrame stale={Boolean(detail?.error)} refreshing={detail?.refreshing ?? false}>
        <Stack spacing={2}>
          {template.is_deprecated && (
            <Alert severity="warning">
              This template is deprecated: clusters from it still work, but prefer a current template for new ones.
            </Alert>
          )}
          <Typography variant="body1">{template.description}</Typography>
          {template.version_notes && (
            <Typography variant="body2" color="text.secondary">
              v{template.version}: {template.version_notes} · updated {formatDateTime(template.updated_at)}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
            <ResourcesPanel template={template} />
            <SoftwarePanel template={template} />
            <PortsPanel template={template} />
            <UsagePanel template={template} />
            <PackagesPanel template={template} />
            <EnvironmentPanel template={template} />
          </Box>
          <StartupScriptPanel template={template} />
          {template.tags.length > 0 && (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {template.tags.map((t) => (
                <Chip key={t} label={t} size="small" variant="outlined" />
              ))}
            </Stack>
          )}
        </Stack>
      </RefreshFrame>
      <ConfirmDialog
        open={deleting}
        title={`Delete template “${template.name}”?`}
        confirmLabel="Delete template"
        destructive
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      >
        Clusters already created from it keep running; new clusters can no longer use it. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
