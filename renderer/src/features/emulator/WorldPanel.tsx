// The emulator's state as a whole: what it is (seed, where it is kept), snapshot export to a
// file, import from a file (with what it would change, before anything changes), and reset.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { useIntent } from '../../platform/page-hooks';
import { notify, useNotifications } from '../../platform/notifications-store';
import { toNormalizedError } from '../../bridge/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Section } from '../../components/Section';
import { useMountedOnce } from '../../lib/use-mounted-once';
import { useEmulatorWorld } from './emulator-store';
import { ImportDialog, type PendingImport } from './ImportDialog';
import { PanelError } from './PanelError';
import { diffSnapshots } from './snapshot-diff';
import { downloadSnapshot, readSnapshot, snapshotFileName } from './snapshot-file';

export function WorldPanel() {
  const { health, status, error, load, reset, exportSnapshot, importSnapshot } = useEmulatorWorld();
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const importMounted = useMountedOnce(importOpen);
  const fileInput = useRef<HTMLInputElement>(null);
  useIntent(
    'emulator:reset',
    useCallback(() => setResetOpen(true), []),
  );

  const onExport = async () => {
    setBusy('export');
    try {
      const snapshot = await exportSnapshot();
      const name = snapshotFileName(snapshot);
      downloadSnapshot(snapshot, name);
      notify('success', `Snapshot exported as ${name}`);
    } catch (e) {
      useNotifications.getState().notifyError('Could not export the snapshot', toNormalizedError(e));
    } finally {
      setBusy(null);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be picked again
    if (!file) return;
    setBusy('import');
    setImportError(null);
    try {
      const read = readSnapshot(await file.text(), file.size);
      if (!read.ok) {
        setImportError(read.error);
        return;
      }
      const current = await exportSnapshot();
      setPending({ fileName: file.name, snapshot: read.snapshot, diff: diffSnapshots(current, read.snapshot) });
      setImportOpen(true);
    } catch (e) {
      useNotifications.getState().notifyError('Could not compare the snapshot with the emulator', toNormalizedError(e));
    } finally {
      setBusy(null);
    }
  };

  const seed = health?.seed;
  return (
    <Section
      title="State"
      testId="emulator-world"
      description={
        health ? (
          <span data-testid="world-summary">
            Seed {health.seed} · {health.keys.toLocaleString('en-US')} API keys ·{' '}
            {health.persistence === 'disk' ? 'kept in the data folder across restarts' : 'in memory only: lost when the emulator stops'}
          </span>
        ) : undefined
      }
    >
      <Stack spacing={1.5}>
        {status === 'error' && error && !health ? (
          <PanelError error={error} onRetry={() => void load()} />
        ) : !health ? (
          <Skeleton variant="text" width={280} />
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={busy === 'export' ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlined />}
            disabled={busy !== null}
            onClick={() => void onExport()}
          >
            Export snapshot
          </Button>
          <Button
            variant="outlined"
            startIcon={busy === 'import' ? <CircularProgress size={16} color="inherit" /> : <UploadFileOutlined />}
            disabled={busy !== null}
            onClick={() => fileInput.current?.click()}
          >
            Import snapshot…
          </Button>
          <Box
            component="input"
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            onChange={(e: ChangeEvent<HTMLInputElement>) => void onFile(e)}
            sx={{ display: 'none' }}
            data-testid="snapshot-file-input"
            aria-label="Snapshot file"
          />
          <Button variant="outlined" color="error" startIcon={<RestartAlt />} disabled={busy !== null} onClick={() => setResetOpen(true)}>
            Reset to seeded world…
          </Button>
        </Stack>
        <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', fontSize: 13, '& li': { mb: 0.5 } }}>
          <li>Export saves every area’s records as a JSON file (key hashes, never key values).</li>
          <li>Import shows what would change, area by area, before anything does.</li>
          <li>Reset goes back to the world built from seed {seed ?? '—'}; the clock keeps its time.</li>
        </Box>
        {importError && (
          <Alert severity="error" onClose={() => setImportError(null)} data-testid="import-error">
            {importError}
          </Alert>
        )}
        {importMounted && (
          <ImportDialog
            open={importOpen}
            pending={pending}
            onClose={() => setImportOpen(false)}
            onImport={async (snapshot) => {
              const answer = await importSnapshot(snapshot);
              notify('success', `Snapshot imported: ${answer.keys.toLocaleString('en-US')} API keys`);
            }}
          />
        )}
        <ConfirmDialog
          open={resetOpen}
          title="Reset the emulator?"
          confirmLabel="Reset"
          destructive
          onClose={() => setResetOpen(false)}
          onConfirm={async () => {
            const answer = await reset();
            notify('success', `Emulator reset to the seeded world (seed ${answer.seed})`);
          }}
        >
          The emulator goes back to the world built from seed {seed ?? '—'}. Everything changed since is lost: API keys created or edited,
          clusters, ports, secrets, templates and team changes. Keys created since stop working; the owner key keeps working. The chaos
          rules are cleared; the clock keeps its time. Export a snapshot first to keep the current state.
        </ConfirmDialog>
      </Stack>
    </Section>
  );
}
