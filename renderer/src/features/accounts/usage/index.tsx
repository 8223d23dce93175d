// Usage and costs as the shell sees it: its page in the accounts area (loaded when first opened),
// and palette commands that open it at the idle GPU money or at where the money went.
import PowerOffOutlined from '@mui/icons-material/PowerOffOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';

const PATH = '/usage';

export const feature: Feature = {
  id: 'usage',
  area: 'accounts',
  path: PATH,
  label: 'Usage and costs',
  description: 'What the account spends and why: the month’s forecast, costs by resource, idle GPU money',
  icon: <ReceiptLongOutlined fontSize="small" />,
  page: () => import('./UsagePage'),
  // Failures are the page's to show (its reads ask again).
  prefetch: () => import('./usage-prefetch').then((m) => m.prefetchUsage()).catch(() => undefined),
  commands: [
    {
      id: 'usage:idle-gpus',
      group: 'Usage and costs',
      title: 'Show idle GPU money',
      icon: <PowerOffOutlined fontSize="small" />,
      run: () => {
        navigate(PATH);
        useIntents.getState().request('usage:idle-gpus');
      },
    },
    {
      id: 'usage:costs',
      group: 'Usage and costs',
      title: 'Show costs by resource',
      icon: <ReceiptLongOutlined fontSize="small" />,
      run: () => {
        navigate(PATH);
        useIntents.getState().request('usage:costs');
      },
    },
  ],
};
