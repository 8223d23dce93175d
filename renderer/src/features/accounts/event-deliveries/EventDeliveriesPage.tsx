// Event deliveries (issue 20): the delivery log of the account webhook and the chat webhook
// (the one virtualised DataTable; a delivery opens in a drawer with its payload, signature
// headers and attempts, and Redeliver), "Send test event", and the Outbox tab.
import Send from '@mui/icons-material/Send';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { useIntent } from '../../../platform/page-hooks';
import { deliveryColumns } from './delivery-columns';
import { DeliveryDrawer } from './DeliveryDrawer';
import { useDeliveries, useOutbox } from './events-store';
import { OutboxTab } from './OutboxTab';
import { SendTestEventDialog } from './SendTestEventDialog';

export default function EventDeliveriesPage() {
  const s = useDeliveries();
  const [tab, setTab] = useState<'deliveries' | 'outbox'>('deliveries');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => void s.load(), [s.load]); // eslint-disable-line react-hooks/exhaustive-deps -- load once
  useIntent('event-deliveries:send-test', () => setSending(true));
  const sendButton = (
    <Button variant="contained" startIcon={<Send />} onClick={() => setSending(true)} data-testid="send-test-event">
      Send test event
    </Button>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ mb: 1 }}>
        <Typography variant="h5" component="h1">
          Event deliveries
        </Typography>
        <Typography variant="body2" color="text.secondary">
          What the emulator sent to your webhooks, signed the Standard Webhooks way, and the emails it would have sent.
        </Typography>
      </Box>
      <Tabs value={tab} onChange={(_e, v: 'deliveries' | 'outbox') => setTab(v)} sx={{ mb: 1 }}>
        <Tab value="deliveries" label="Deliveries" data-testid="tab-deliveries" />
        <Tab value="outbox" label="Outbox" data-testid="tab-outbox" onClick={() => void useOutbox.getState().load({ quiet: true })} />
      </Tabs>
      {sent && (
        <Alert severity="info" onClose={() => setSent(null)} sx={{ mb: 1 }} data-testid="sent-notice">
          {sent}
        </Alert>
      )}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {tab === 'deliveries' ? (
          <ListPage
            leading={
              <Typography variant="body2" color="text.secondary">
                {s.total} {s.total === 1 ? 'delivery' : 'deliveries'} in the log (the last 1,000 finished are kept)
              </Typography>
            }
            refreshLabel="Refresh deliveries"
            onRefresh={() => void s.load()}
            actions={sendButton}
            status={s.status}
            error={s.error}
            refreshing={s.refreshing}
            loadedAt={s.loadedAt}
            errorTitle="Could not load the delivery log"
            table={{
              label: 'Deliveries',
              rows: s.deliveries,
              columns: deliveryColumns,
              rowKey: (d) => d.id,
              loading: s.status === 'loading',
              selectedKey: s.openId,
              onRowActivate: (d) => void s.open(d.id),
              rowTestId: () => 'delivery-row',
              initialSort: { columnId: 'time', direction: 'desc' },
              empty: (
                <EmptyState icon={<WebhookOutlined />} title="No deliveries yet" action={sendButton}>
                  Turn on the webhook in Settings › Notifications and choose its events, then send a test event or let one happen.
                </EmptyState>
              ),
            }}
          >
            <DeliveryDrawer />
          </ListPage>
        ) : (
          <OutboxTab />
        )}
      </Box>
      <SendTestEventDialog open={sending} onClose={() => setSending(false)} onSent={setSent} />
    </Box>
  );
}
