// The live request journal: the emulator's last requests, newest first, read again every two
// seconds while the view is open and not paused; filtered by text and status class.
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useMemo, useState } from 'react';
import { JOURNAL_MAX } from '../../../../shared/api/emulator-admin';
import { ListPage } from '../../components/ListPage';
import { EmptyState } from '../../components/StateViews';
import { Section } from '../../components/Section';
import { useJournal } from './emulator-store';
import { journalColumns } from './journal-columns';
import { filterJournal, STATUS_CLASSES, type JournalRow, type StatusClass } from './journal-filter';

const JOURNAL_POLL_MS = 2_000;

const rowKey = (r: JournalRow) => String(r.seq);
const rowTestId = () => 'journal-row';

/** Reads the journal every JOURNAL_POLL_MS while mounted, not paused and the window is visible. */
function useJournalPolling(paused: boolean): void {
  useEffect(() => {
    if (paused) return;
    const tick = () => {
      if (document.visibilityState === 'visible') void useJournal.getState().load({ quiet: true });
    };
    tick();
    const timer = setInterval(tick, JOURNAL_POLL_MS);
    return () => clearInterval(timer);
  }, [paused]);
}

export function JournalPanel() {
  const { rows, total, status, error, paused, load, setPaused } = useJournal();
  const [text, setText] = useState('');
  const [statusClass, setStatusClass] = useState<StatusClass>('all');
  useJournalPolling(paused);

  const shown = useMemo(() => filterJournal(rows, text, statusClass), [rows, text, statusClass]);
  const filtered = text.trim() !== '' || statusClass !== 'all';

  return (
    <Section
      title="Request journal"
      testId="emulator-journal"
      description={`The emulator’s last ${JOURNAL_MAX.toLocaleString('en-US')} requests, newest first, without this view’s own reads of the journal and the clock. Key ids only, never key values.`}
      aside={
        <Chip
          size="small"
          color={paused ? 'default' : 'success'}
          variant={paused ? 'outlined' : 'filled'}
          label={paused ? 'Paused' : 'Live'}
          data-testid="journal-state"
        />
      }
    >
      <ListPage
        sx={{ height: 460 }}
        leading={
          <ToggleButtonGroup
            exclusive
            size="small"
            value={statusClass}
            aria-label="Status class"
            onChange={(_e, v: StatusClass | null) => v && setStatusClass(v)}
          >
            {STATUS_CLASSES.map((c) => (
              <ToggleButton key={c} value={c} sx={{ px: 1.5, textTransform: 'none' }}>
                {c === 'all' ? 'All' : c}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
        filter={{
          value: text,
          onChange: setText,
          placeholder: 'Path, method, status or key id',
          label: 'Filter the journal',
          width: 300,
        }}
        refreshLabel="Refresh journal"
        onRefresh={() => void load({ quiet: true })}
        actions={
          <>
            <Box sx={{ flex: 1 }} />
            <Box sx={{ color: 'text.secondary', fontSize: 13, whiteSpace: 'nowrap' }} data-testid="journal-count">
              {filtered
                ? `${shown.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')}`
                : rows.length.toLocaleString('en-US')}{' '}
              shown · {total.toLocaleString('en-US')} since start
            </Box>
            <Button
              variant="outlined"
              size="small"
              startIcon={paused ? <PlayArrowOutlined /> : <PauseOutlined />}
              onClick={() => setPaused(!paused)}
              sx={{ minWidth: 104 }}
            >
              {paused ? 'Resume' : 'Pause'}
            </Button>
          </>
        }
        status={status}
        error={error}
        errorTitle="Could not read the journal"
        table={{
          label: 'Request journal',
          rows: shown,
          columns: journalColumns,
          rowKey,
          rowHeight: 36,
          loading: status === 'loading' || status === 'idle',
          rowTestId,
          empty: filtered ? (
            <EmptyState title="No request matches">Change the filter or the status class.</EmptyState>
          ) : (
            <EmptyState title="No requests yet">Requests to the emulator appear here as the console or a client makes them.</EmptyState>
          ),
        }}
      />
    </Section>
  );
}
