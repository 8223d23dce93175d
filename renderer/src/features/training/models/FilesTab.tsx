// The Files tab: the latest version's files with size, type and checksum (copyable), each with a
// checkbox (all by default), and "Download" — a zip of the chosen files saved by main (Electron:
// where the save dialog says) or by the browser (web mode), every file's checksum verified on the
// way; its progress (bytes, share, speed, time left) with Cancel, then the result.
import Download from '@mui/icons-material/Download';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import type { Model } from '../../../../../shared/api/training/models';
import { CopyButton } from '../../../components/CopyButton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { MONO_FONT } from '../../../lib/fonts';
import { percentDone, progressLine } from './download-progress';
import { formatBytes } from './model-format';
import { running, useModelDownloads, type ModelDownloadView } from './model-downloads-store';
import { Panel } from '../../../components/Section';

function DownloadStatus({ modelId, view }: { modelId: string; view: ModelDownloadView }) {
  const { start, event } = view;
  const store = useModelDownloads.getState();
  if (event.state === 'waiting' || event.state === 'running') {
    const pct = percentDone(event.received, event.total);
    return (
      <Box sx={{ mb: 1.5 }} data-testid="model-download-progress" aria-live="polite">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap title={start.fileName}>
            {event.state === 'waiting' ? 'Handing the download to the browser…' : 'Downloading'}{' '}
            <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
              {start.fileName}
            </Box>{' '}
            · {start.files.length} file{start.files.length === 1 ? '' : 's'}, each checksum checked as it arrives
          </Typography>
          <Button size="small" color="inherit" onClick={() => void store.cancel(modelId)} data-testid="cancel-model-download">
            Cancel
          </Button>
        </Stack>
        <LinearProgress
          // A new element when the bytes start: a determinate bar that was indeterminate keeps the sliding bar's offsets.
          key={event.state}
          variant={event.state === 'waiting' ? 'indeterminate' : 'determinate'}
          value={pct}
          aria-label="Download progress"
          aria-valuetext={`${Math.floor(pct)}%`}
        />
        <Typography variant="caption" color="text.secondary" data-testid="model-download-figures">
          {progressLine(event.received, event.total, view.speed?.speed ?? null)}
        </Typography>
      </Box>
    );
  }
  if (event.state === 'completed') {
    return (
      <Alert
        severity="success"
        sx={{ mb: 1.5, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
        onClose={() => store.dismiss(modelId)}
        data-testid="model-download-done"
      >
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {event.path ? (
            <>
              Saved {formatBytes(event.total)} to{' '}
              <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
                {event.path}
              </Box>
            </>
          ) : (
            <>
              The browser saved{' '}
              <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
                {start.fileName}
              </Box>{' '}
              ({formatBytes(event.total)}) to its downloads folder
            </>
          )}
          . Every file matched its checksum:
        </Typography>
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, fontSize: 13 }} data-testid="model-download-verified">
          {event.verified.map((f) => (
            <li key={f.name}>
              <Box component="span" sx={{ fontFamily: MONO_FONT }}>
                {f.name}
              </Box>{' '}
              ({formatBytes(f.size)}) —{' '}
              <Box component="span" sx={{ fontFamily: MONO_FONT, overflowWrap: 'anywhere' }}>
                {f.checksum}
              </Box>
            </li>
          ))}
        </Box>
        {event.path && (
          <Button
            size="small"
            startIcon={<FolderOpen />}
            sx={{ mt: 0.5 }}
            onClick={() => void store.showInFolder(modelId)}
            data-testid="show-model-download"
          >
            Show in folder
          </Button>
        )}
      </Alert>
    );
  }
  if (event.state === 'cancelled')
    return (
      <Alert severity="info" sx={{ mb: 1.5 }} onClose={() => store.dismiss(modelId)} data-testid="model-download-cancelled">
        {event.error?.details.reason === 'not-fetched'
          ? event.error.message
          : `Download of ${start.fileName} cancelled after ${formatBytes(event.received)}; ${start.delivery === 'file' ? 'the partial file was deleted' : 'the browser reports it as failed'}.`}
      </Alert>
    );
  return (
    <Box sx={{ mb: 1.5 }} data-testid="model-download-failed">
      {event.error && (
        <ErrorAlert
          error={event.error}
          action={
            <Button size="small" color="inherit" onClick={() => store.dismiss(modelId)}>
              Dismiss
            </Button>
          }
        />
      )}
    </Box>
  );
}

export function FilesTab({ model }: { model: Model }) {
  const files = model.files;
  // By value: the detail is read again every 2 s while a deployment starts, with equal files.
  const listed = files.map((f) => f.name).join('\n');
  const names = useMemo(() => (listed ? listed.split('\n') : []), [listed]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(names));
  // A new version lists other files: choose all of them again.
  useEffect(() => setChosen(new Set(names)), [names]);
  const view = useModelDownloads((s) => s.byModel[model.id]);
  const starting = useModelDownloads((s) => Boolean(s.starting[model.id]));
  const startError = useModelDownloads((s) => s.startErrors[model.id] ?? null);
  const busy = starting || running(view);
  const archived = model.status === 'archived';
  const selected = files.filter((f) => chosen.has(f.name));
  const all = selected.length === files.length;
  const toggle = (name: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  const why = archived
    ? 'Restore the model to download it'
    : selected.length === 0
      ? 'Choose at least one file'
      : busy
        ? 'A download of this model is under way'
        : `A zip of ${selected.length} file${selected.length === 1 ? '' : 's'}, each checksum verified`;
  return (
    <Panel
      title={`Files of ${model.version}`}
      testId="model-files"
      action={
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" data-testid="model-files-selection">
            {selected.length === files.length
              ? `${files.length} file${files.length === 1 ? '' : 's'}`
              : `${selected.length} of ${files.length} files`}{' '}
            · {formatBytes(selected.reduce((n, f) => n + f.size, 0))}
          </Typography>
          <Tooltip title={why} placement="left" disableInteractive>
            <span>
              <Button
                variant="contained"
                size="small"
                startIcon={<Download />}
                disabled={archived || selected.length === 0 || busy}
                onClick={() =>
                  void useModelDownloads.getState().download(
                    model.id,
                    selected.map((f) => f.name),
                  )
                }
                data-testid="download-model-files"
              >
                {starting ? 'Starting…' : 'Download'}
              </Button>
            </span>
          </Tooltip>
        </Stack>
      }
    >
      {startError && (
        <Box sx={{ mb: 1.5 }}>
          <ErrorAlert
            error={startError}
            action={
              <Button
                size="small"
                color="inherit"
                onClick={() => useModelDownloads.setState((s) => ({ startErrors: { ...s.startErrors, [model.id]: null } }))}
              >
                Dismiss
              </Button>
            }
          />
        </Box>
      )}
      {view && <DownloadStatus modelId={model.id} view={view} />}
      <Table size="small" aria-label="Model files">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={all}
                indeterminate={selected.length > 0 && !all}
                onChange={() => setChosen(all ? new Set() : new Set(names))}
                slotProps={{ input: { 'aria-label': all ? 'Choose no file' : 'Choose every file' } }}
                data-testid="choose-all-files"
              />
            </TableCell>
            <TableCell>Name</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Checksum</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((f) => (
            <TableRow key={f.name} hover selected={chosen.has(f.name)} data-testid={`file-row-${f.name}`}>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={chosen.has(f.name)}
                  onChange={() => toggle(f.name)}
                  slotProps={{ input: { 'aria-label': `Download ${f.name}` } }}
                />
              </TableCell>
              <TableCell sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>{f.name}</TableCell>
              <TableCell align="right" title={`${f.size.toLocaleString('en-US')} bytes`} sx={{ whiteSpace: 'nowrap' }}>
                {formatBytes(f.size)}
              </TableCell>
              <TableCell>{f.type}</TableCell>
              <TableCell sx={{ maxWidth: 0, width: '50%' }}>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Box
                    component="span"
                    title={f.checksum}
                    sx={{ fontFamily: MONO_FONT, fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {f.checksum}
                  </Box>
                  <CopyButton value={f.checksum} label={`Copy checksum of ${f.name}`} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}
