// The emails the platform would have sent (invitations, cost alerts, security notices); an
// invitation's link is usable as the invitee: "Accept invitation" accepts it through the emulator.
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import type { OutboxMail } from '../../../../../shared/api/accounts/deliveries';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { CONTENT_WIDTH, DataTable, type Column } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { EmptyState, ErrorState } from '../../../components/StateViews';
import { TwoLineCell } from '../../../components/TwoLineCell';
import { toNormalizedError } from '../../../bridge/errors';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { useOutbox } from './events-store';

const KIND_LABEL: Record<OutboxMail['kind'], string> = { invitation: 'Invitation', alert: 'Cost alert', security: 'Security notice' };

const columns: Column<OutboxMail>[] = [
  {
    id: 'kind',
    header: 'Kind',
    width: '150px',
    render: (m) => <Chip size="small" variant="outlined" label={KIND_LABEL[m.kind]} />,
    sortValue: (m) => m.kind,
  },
  {
    id: 'subject',
    header: 'Subject',
    width: 'minmax(240px, 2fr)',
    render: (m) => <TwoLineCell primary={m.subject} secondary={m.to} title={m.subject} />,
    sortValue: (m) => m.subject,
  },
  { id: 'at', header: 'Sent', width: CONTENT_WIDTH.relativeTime, render: (m) => relativeTime(m.at), sortValue: (m) => m.at },
];

function MailView({ mail }: { mail: OutboxMail }) {
  const accept = useOutbox((s) => s.accept);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<NormalizedError | null>(null);
  useEffect(() => {
    setDone(null);
    setError(null);
  }, [mail.id]);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone(await accept(mail.invitation_id!));
    } catch (e) {
      setError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1.5} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }} data-testid="outbox-mail">
      <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {mail.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        To {mail.to} · {formatDateTime(mail.at)}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: MONO_FONT,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {mail.body}
      </Box>
      {mail.kind === 'invitation' && mail.invitation_id && (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Link: {mail.link}
          </Typography>
          <Box>
            <Button variant="contained" disabled={busy || done !== null} onClick={() => void run()} data-testid="accept-invitation">
              {busy ? 'Accepting…' : 'Accept invitation as the invitee'}
            </Button>
          </Box>
          {done && <Alert severity="success">{done}</Alert>}
          {error && <ErrorAlert error={error} />}
        </Stack>
      )}
    </Stack>
  );
}

export function OutboxTab() {
  const { messages, status, error, load } = useOutbox();
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => void load(), [load]);
  const mail = useMemo(() => messages.find((m) => m.id === selected) ?? null, [messages, selected]);
  if (status === 'error' && error) return <ErrorState title="Could not load the outbox" error={error} onRetry={() => void load()} />;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: messages.length ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr' },
        gap: 2,
        height: '100%',
        minHeight: 0,
      }}
    >
      <Paper variant="outlined" sx={{ minHeight: 360, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
        <DataTable
          label="Outbox"
          rows={messages}
          columns={columns}
          rowKey={(m) => m.id}
          loading={status === 'loading'}
          selectedKey={selected}
          onRowActivate={(m) => setSelected(m.id)}
          rowTestId={() => 'outbox-row'}
          initialSort={{ columnId: 'at', direction: 'desc' }}
          empty={
            <EmptyState icon={<EmailOutlined />} title="No emails yet">
              Invite a team member, or let a cost alert or a security event happen: the emails the platform would send land here.
            </EmptyState>
          }
        />
      </Paper>
      {mail ? (
        <MailView mail={mail} />
      ) : (
        messages.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            Choose an email to read it.
          </Typography>
        )
      )}
    </Box>
  );
}
