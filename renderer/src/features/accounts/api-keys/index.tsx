// The API keys feature as the shell sees it.
import Add from '@mui/icons-material/Add';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';
// The store (about 1 KB) is in the shell's bundle so its first request leaves as soon as the
// bridge is up, without waiting for the area's code; the views stay lazy.
import { useApiKeys } from './api-keys-store';

export const feature: Feature = {
  id: 'api-keys',
  area: 'accounts',
  path: '/api-keys',
  label: 'API keys',
  description: 'Create, rotate and revoke keys; see their usage',
  icon: <KeyOutlined fontSize="small" />,
  page: () => import('./ApiKeysPage'),
  prefetch: () => useApiKeys.getState().ensureLoaded(),
  async search() {
    await useApiKeys.getState().ensureLoaded();
    const items = useApiKeys.getState().keys.map((k) => ({
      id: `key:${k.id}`,
      title: k.name,
      keywords: [k.prefix, k.id],
      icon: <KeyOutlined fontSize="small" />,
      // The key's usage drawer, over the list.
      run: () => {
        navigate('/api-keys');
        void useApiKeys.getState().loadUsage(k.id);
      },
    }));
    return [{ label: 'API keys', items }];
  },
  commands: [
    {
      id: 'api-keys:create',
      group: 'API keys',
      title: 'Create API key',
      icon: <Add fontSize="small" />,
      shortcut: 'N',
      run: () => {
        navigate('/api-keys');
        useIntents.getState().request('api-keys:create');
      },
    },
  ],
};
