// Before an import: what it would change — per area and collection, records added, removed and
// changed; the seed; where the clock ends up — then the import itself, on confirmation.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EmulatorSnapshot } from '../../../../shared/api/emulator-admin';
import { FormDialog } from '../../components/form/FormDialog';
import { useValidatedForm } from '../../components/form/use-validated-form';
import { formatDateTime } from '../../platform/relative-time';
import { formatDuration } from './clock-input';
import { changeSummary, collectionLabel, type SnapshotDiff } from './snapshot-diff';

export interface PendingImport {
  fileName: string;
  snapshot: EmulatorSnapshot;
  diff: SnapshotDiff;
}

export interface ImportDialogProps {
  open: boolean;
  pending: PendingImport | null;
  onClose(): void;
  onImport(snapshot: EmulatorSnapshot): Promise<void>;
}

const cell = { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider', fontSize: 14 } as const;

function clockLine({ clock }: SnapshotDiff): string {
  if (clock.movesBy > 0) return `Moves forward ${formatDuration(clock.movesBy / 1000)}, to ${formatDateTime(clock.snapshot)}.`;
  if (clock.snapshot === clock.current) return 'Unchanged.';
  return `Stays at ${formatDateTime(clock.current)}: the snapshot’s ${formatDateTime(clock.snapshot)} is earlier, and simulated time never runs backwards.`;
}

export function ImportDialog({ open, pending, onClose, onImport }: ImportDialogProps) {
  const { busy, apiError, onSubmit } = useValidatedForm<null, EmulatorSnapshot>({
    open,
    resetKey: pending,
    initial: () => null,
    validate: () => (pending ? { ok: true, request: pending.snapshot } : { ok: false, errors: { form: 'No snapshot' } }),
    submit: async (snapshot) => {
      await onImport(snapshot);
      onClose();
    },
  });
  if (!pending) return null;
  const { diff, snapshot, fileName } = pending;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="import-dialog"
      titleId="import-title"
      title="Import this snapshot?"
      maxWidth="sm"
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      submitLabel="Import snapshot"
      submitTestId="import-confirm"
    >
      <Typography variant="body2" color="text.secondary">
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary', wordBreak: 'break-all' }}>
          {fileName}
        </Box>{' '}
        · saved {formatDateTime(snapshot.savedAt)} (simulated time)
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, fontSize: 14 }}
        data-testid="import-summary"
      >
        <Box component="dt" sx={{ fontWeight: 600 }}>
          Clock
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {clockLine(diff)}
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          Seed
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {diff.seed
            ? `${diff.seed.from} → ${diff.seed.to} (a later reset builds the world of seed ${diff.seed.to})`
            : `${snapshot.seed}, unchanged`}
        </Box>
      </Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse' }} data-testid="import-diff">
        <Box component="thead">
          <Box component="tr" sx={{ '& th': { ...cell, fontSize: 12, fontWeight: 600, color: 'text.secondary', textAlign: 'left' } }}>
            <th>Area</th>
            <th>What</th>
            <Box component="th" sx={{ textAlign: 'right !important' }}>
              In the snapshot
            </Box>
            <th>Changes</th>
          </Box>
        </Box>
        <Box component="tbody">
          {diff.collections.map((c) => {
            const none = c.added + c.removed + c.changed === 0;
            return (
              <Box
                component="tr"
                key={`${c.area}.${c.collection}`}
                sx={{ '& td': { ...cell, color: none ? 'text.secondary' : 'text.primary' } }}
                data-testid="import-diff-row"
              >
                <td>{collectionLabel(c.area)}</td>
                <td>{collectionLabel(c.collection)}</td>
                <Box component="td" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {c.count.toLocaleString('en-US')}
                </Box>
                <Box component="td" sx={{ fontWeight: none ? 400 : 600 }}>
                  {changeSummary(c)}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
      {diff.identical ? (
        <Alert severity="info">The snapshot holds the same world as the emulator now: importing it changes nothing.</Alert>
      ) : (
        <Alert severity="warning">
          The emulator’s state is replaced by the snapshot. API keys that are not in it stop working; the owner key keeps working. Chaos
          rules and the journal stay.
        </Alert>
      )}
    </FormDialog>
  );
}
