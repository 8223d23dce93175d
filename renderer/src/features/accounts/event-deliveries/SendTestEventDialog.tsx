// "Send test event": any event type, an optional subject (without one the emulator picks a
// fitting resource), emitted now as its operation would; answers what it started.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { EVENT_SOURCES, EVENT_TYPES, type EventType } from '../../../../../shared/api/accounts/event-types';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { FormDialog } from '../../../components/form/FormDialog';
import { toNormalizedError } from '../../../bridge/errors';
import { useDeliveries } from './events-store';

const SUBJECT_MAX = 200;

export function SendTestEventDialog({ open, onClose, onSent }: { open: boolean; onClose(): void; onSent(message: string): void }) {
  const emit = useDeliveries((s) => s.emit);
  const [type, setType] = useState<EventType>('endpoint.failed');
  const [subject, setSubject] = useState('');
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);
  const subjectError = subject.trim().length > SUBJECT_MAX ? `At most ${SUBJECT_MAX} characters` : null;
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (subjectError) return;
    setBusy(true);
    setApiError(null);
    try {
      const answer = await emit(type, subject.trim() || null);
      const sent = answer.deliveries.length;
      onSent(
        `${answer.event.type} emitted (${answer.event.id}): ${sent === 0 ? 'no delivery — no webhook is subscribed to it' : `${sent} ${sent === 1 ? 'delivery' : 'deliveries'}`}${answer.mails.length ? `, ${answer.mails.length} mail(s)` : ''}`,
      );
      onClose();
    } catch (e) {
      setApiError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="send-test-event-dialog"
      titleId="send-test-event-title"
      title="Send a test event"
      subtitle={
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 3, mt: -1.5, mb: 1 }}>
          Emitted now, as its operation would: delivered to the webhooks and the outbox your notification settings choose.
        </Typography>
      }
      busy={busy}
      apiError={apiError}
      onSubmit={(e) => void submit(e)}
      errors={subjectError ? { subject: subjectError } : {}}
      submitLabel={busy ? 'Sending…' : 'Send event'}
      submitTestId="send-test-event-submit"
    >
      <TextField
        select
        label="Event type"
        value={type}
        onChange={(e) => setType(e.target.value as EventType)}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'event-type' } }}
      >
        {EVENT_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        Emitted by the platform when {EVENT_SOURCES[type]}.
      </Typography>
      <TextField
        label="Subject (optional)"
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={Boolean(subjectError)}
        helperText={subjectError ?? 'A resource id, e.g. a cluster or endpoint id. Left empty, the emulator picks one.'}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'event-subject', maxLength: SUBJECT_MAX + 1 } }}
      />
    </FormDialog>
  );
}
