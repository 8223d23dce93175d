// "Add source": a cluster or an endpoint to merge into the window, from the lists of both.
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { LogSourceRef } from '../../../../../shared/ipc/streams';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useLoaded } from '../../../platform/use-loaded';
import { useLogs, type SourceOption } from './logs-store';

export type { SourceOption };

const key = (r: LogSourceRef) => `${r.kind}:${r.id}`;

export function SourcePicker({
  open,
  present,
  onClose,
  onAdd,
}: {
  open: boolean;
  present: readonly LogSourceRef[];
  onClose(): void;
  onAdd(ref: LogSourceRef): void;
}) {
  const { data: options, error } = useLoaded(open ? 'sources' : null, (signal) => useLogs.getState().sourceOptions(signal));
  const [choice, setChoice] = useState<SourceOption | null>(null);
  useEffect(() => {
    if (open) setChoice(null);
  }, [open]);

  const taken = new Set(present.map(key));
  const available = (options ?? []).filter((o) => !taken.has(key(o.ref)));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Add a source</DialogTitle>
      <DialogContent>
        {error ? (
          <ErrorAlert error={error} />
        ) : (
          <Autocomplete
            sx={{ mt: 1 }}
            options={available}
            loading={options === null}
            value={choice}
            onChange={(_, v) => setChoice(v)}
            groupBy={(o) => (o.ref.kind === 'cluster' ? 'Clusters' : 'Endpoints')}
            getOptionLabel={(o) => `${o.name} (${o.ref.id})`}
            isOptionEqualToValue={(a, b) => key(a.ref) === key(b.ref)}
            renderOption={(props, o) => (
              <li {...props} key={key(o.ref)}>
                {o.name}&nbsp;
                <span style={{ opacity: 0.6 }}>
                  · {o.ref.id} · {o.status}
                </span>
              </li>
            )}
            noOptionsText="Every cluster and endpoint is already in this window"
            renderInput={(params) => <TextField {...params} autoFocus label="Cluster or endpoint" />}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={choice === null}
          onClick={() => {
            if (choice) onAdd(choice.ref);
            onClose();
          }}
        >
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
