// Settings as code as the shell sees it: its page, and palette commands that open the export or
// the file picker of the import.
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import Download from '@mui/icons-material/Download';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';

const PATH = '/settings-code';

export const feature: Feature = {
  id: 'settings-code',
  area: 'accounts',
  path: PATH,
  label: 'Settings as code',
  description: 'Export the account settings to JSON or YAML, and import a file through a plan of its changes',
  icon: <DataObjectOutlined fontSize="small" />,
  page: () => import('./SettingsCodePage'),
  commands: [
    {
      id: 'settings-code:export',
      group: 'Settings as code',
      title: 'Export settings…',
      icon: <Download fontSize="small" />,
      run: () => {
        navigate(PATH);
        useIntents.getState().request('settings-code:export');
      },
    },
    {
      id: 'settings-code:import',
      group: 'Settings as code',
      title: 'Import settings…',
      icon: <UploadFileOutlined fontSize="small" />,
      run: () => {
        navigate(PATH);
        useIntents.getState().request('settings-code:import');
      },
    },
  ],
};
