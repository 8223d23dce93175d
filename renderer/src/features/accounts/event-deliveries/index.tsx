// Event deliveries as the shell sees it: the emulator's delivery log and outbox, offered only
// while the active profile is an emulator profile (they are the emulator's admin routes).
import Send from '@mui/icons-material/Send';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';

export const feature: Feature = {
  id: 'event-deliveries',
  area: 'accounts',
  path: '/event-deliveries',
  label: 'Event deliveries',
  description: 'Webhook deliveries with their signatures and attempts, redelivery, test events and the email outbox',
  icon: <WebhookOutlined fontSize="small" />,
  page: () => import('./EventDeliveriesPage'),
  profileKinds: ['emulator'],
  commands: [
    {
      id: 'event-deliveries:send-test',
      group: 'Event deliveries',
      title: 'Send a test event…',
      icon: <Send fontSize="small" />,
      run: () => {
        navigate('/event-deliveries');
        useIntents.getState().request('event-deliveries:send-test');
      },
    },
  ],
};
