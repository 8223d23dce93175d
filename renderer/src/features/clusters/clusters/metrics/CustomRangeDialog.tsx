// A custom historical range: start and end as local date and time, checked in the user's
// words (start before the end, within the 30-day retention) on the field they concern.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { serverNow } from '../../../../platform/server-clock';
import { checkCustomRange } from './ranges';

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as a datetime-local input writes it (local time, minutes). */
function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (text: string) => (text ? new Date(text).getTime() : NaN);

export function CustomRangeDialog({
  open,
  initial,
  onClose,
  onApply,
}: {
  open: boolean;
  initial: { start: number; end: number };
  onClose(): void;
  onApply(range: { start: number; end: number }): void;
}) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<{ field: 'start' | 'end'; message: string } | null>(null);
  useEffect(() => {
    if (!open) return;
    setStart(toLocalInput(initial.start));
    setEnd(toLocalInput(initial.end));
    setError(null);
  }, [open, initial.start, initial.end]);

  const apply = () => {
    const checked = checkCustomRange(fromLocalInput(start), fromLocalInput(end), serverNow());
    if (!checked.ok) return setError({ field: checked.field, message: checked.message });
    onApply({ start: checked.start, end: checked.end });
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="custom-range-dialog">
      <DialogTitle>Custom range</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="From"
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            error={error?.field === 'start'}
            helperText={error?.field === 'start' ? error.message : 'Within the last 30 days'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="datetime-local"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={error?.field === 'end'}
            helperText={error?.field === 'end' ? error.message : ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={apply} data-testid="custom-range-apply">
          Show range
        </Button>
      </DialogActions>
    </Dialog>
  );
}
