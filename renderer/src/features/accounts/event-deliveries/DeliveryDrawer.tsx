// One delivery: the payload as sent (pretty JSON), then each attempt with the headers it sent
// (the Standard Webhooks signature among them), its answer and duration; Redeliver sends it again.
import Close from '@mui/icons-material/Close';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime } from '../../../platform/relative-time';
import { StateChip } from './delivery-columns';
import { useDeliveries } from './events-store';

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Code({ children, testId }: { children: string; testId?: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: MONO_FONT,
        fontSize: 12,
        overflow: 'auto',
        maxHeight: 320,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, fontSize: 14, overflowWrap: 'anywhere' }}>{children}</Box>
    </>
  );
}

export function DeliveryDrawer() {
  const openId = useDeliveries((s) => s.openId);
  const d = useDeliveries((s) => s.detail);
  const error = useDeliveries((s) => s.detailError);
  const redelivering = useDeliveries((s) => s.redelivering);
  const open = useDeliveries((s) => s.open);
  const redeliver = useDeliveries((s) => s.redeliver);
  return (
    <Drawer
      anchor="right"
      open={openId !== null}
      onClose={() => void open(null)}
      slotProps={{ paper: { sx: { width: { xs: '100%', md: 640 }, p: 3 } } }}
    >
      {d && (
        <Stack spacing={2} data-testid="delivery-drawer">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h2" sx={{ fontFamily: MONO_FONT, overflowWrap: 'anywhere' }}>
                {d.event_type}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontFamily: MONO_FONT }}>
                {d.id}
              </Typography>
            </Box>
            <Button
              variant="contained"
              startIcon={<Replay />}
              disabled={redelivering}
              onClick={() => void redeliver(d.id)}
              data-testid="redeliver"
            >
              {redelivering ? 'Redelivering…' : 'Redeliver'}
            </Button>
            <IconButton aria-label="Close" onClick={() => void open(null)}>
              <Close />
            </IconButton>
          </Stack>
          {error && <ErrorAlert error={error} />}
          <Box sx={{ display: 'grid', gridTemplateColumns: '140px 1fr', rowGap: 1, columnGap: 2 }}>
            <Fact label="Status">
              <StateChip delivery={d} />
            </Fact>
            <Fact label="Sent to">{d.url}</Fact>
            <Fact label="Channel">
              {d.channel === 'chat'
                ? 'Chat webhook (not signed)'
                : d.signed
                  ? 'Account webhook, signed'
                  : 'Account webhook, unsigned (no secret set)'}
            </Fact>
            <Fact label="Created">{formatDateTime(d.created_at)}</Fact>
            <Fact label="Next attempt">{d.next_attempt_at ? formatDateTime(d.next_attempt_at) : 'None'}</Fact>
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              Payload
            </Typography>
            <CopyButton value={pretty(d.payload)} label="Copy payload" />
          </Stack>
          <Code testId="delivery-payload">{pretty(d.payload)}</Code>
          <Typography variant="subtitle2">Attempts ({d.attempts.length})</Typography>
          {d.attempts.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Not sent yet: the first attempt is on its way.
            </Typography>
          )}
          {[...d.attempts].reverse().map((a) => (
            <Box key={a.number} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="delivery-attempt">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  #{a.number}
                  {a.manual ? ' · redelivery' : ''}
                </Typography>
                <Typography variant="body2" color={a.status !== null && a.status < 300 ? 'success.main' : 'error.main'} sx={{ flex: 1 }}>
                  {a.status !== null ? `HTTP ${a.status}` : a.error}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {Math.round(a.duration_ms)} ms · {formatDateTime(a.at)}
                </Typography>
              </Stack>
              {SIGNATURE_HEADERS.some((h) => a.headers[h]) && (
                <Box sx={{ display: 'grid', gridTemplateColumns: '150px 1fr', columnGap: 1, mb: 1, fontFamily: MONO_FONT, fontSize: 12 }}>
                  {SIGNATURE_HEADERS.filter((h) => a.headers[h]).map((h) => (
                    <Box key={h} sx={{ display: 'contents' }}>
                      <Box sx={{ color: 'text.secondary' }}>{h}</Box>
                      <Box sx={{ overflowWrap: 'anywhere' }} data-testid={`header-${h}`}>
                        {a.headers[h]}
                      </Box>
                    </Box>
                  ))}
                </Box>
              )}
              <Divider sx={{ mb: 1 }} />
              <Typography variant="caption" color="text.secondary">
                Response body (first 1 KB)
              </Typography>
              <Code>{a.response_body || '(empty)'}</Code>
            </Box>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
