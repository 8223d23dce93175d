// The Emulator control room as the shell sees it: offered only while the active profile is an
// emulator profile.
import RestartAlt from '@mui/icons-material/RestartAlt';
import Schedule from '@mui/icons-material/Schedule';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { navigate } from '../../platform/navigation/hash-router';
import { useIntents } from '../../platform/navigation/intents';
import type { Feature } from '../feature';

export const feature: Feature = {
  id: 'emulator',
  area: 'emulator',
  path: '/emulator',
  label: 'Emulator',
  description: 'Clock, chaos rules, request journal, snapshots and reset of the emulator',
  icon: <ScienceOutlined fontSize="small" />,
  page: () => import('./EmulatorPage'),
  profileKinds: ['emulator'],
  commands: [
    {
      id: 'emulator:open',
      group: 'Emulator',
      title: 'Emulator: open',
      icon: <ScienceOutlined fontSize="small" />,
      run: () => navigate('/emulator'),
    },
    {
      id: 'emulator:advance-hour',
      group: 'Emulator',
      title: 'Emulator: advance clock 1 hour',
      icon: <Schedule fontSize="small" />,
      // The action brings its store and the contract's types only: no page code.
      run: () => void import('./emulator-actions').then((m) => m.advanceClock(3600)),
    },
    {
      id: 'emulator:reset',
      group: 'Emulator',
      title: 'Emulator: reset…',
      icon: <RestartAlt fontSize="small" />,
      run: () => {
        navigate('/emulator');
        useIntents.getState().request('emulator:reset');
      },
    },
  ],
};
