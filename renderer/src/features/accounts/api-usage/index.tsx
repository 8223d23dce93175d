// The API usage view as the shell sees it: its page in the accounts area, and a palette command
// that opens the temporary boost form.
import Bolt from '@mui/icons-material/Bolt';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';

const PATH = '/api-usage';

export const feature: Feature = {
  id: 'api-usage',
  area: 'accounts',
  path: PATH,
  label: 'API usage',
  description: 'Requests per route, status and key; rate-limit windows; temporary boost',
  icon: <QueryStatsOutlined fontSize="small" />,
  page: () => import('./ApiUsagePage'),
  commands: [
    {
      id: 'api-usage:boost',
      group: 'API usage',
      title: 'Request a temporary rate-limit boost',
      icon: <Bolt fontSize="small" />,
      run: () => {
        navigate(PATH);
        useIntents.getState().request('api-usage:boost');
      },
    },
  ],
};
