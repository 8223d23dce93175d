// The Profile feature as the shell sees it: the caller's own profile, avatar and preferences.
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import type { Feature } from '../../feature';

export const feature: Feature = {
  id: 'profile',
  area: 'accounts',
  path: '/profile',
  label: 'Profile',
  description: 'Your name, avatar, links and preferences',
  icon: <AccountCircleOutlined fontSize="small" />,
  page: () => import('./ProfilePage'),
  commands: [
    {
      id: 'profile:avatar',
      group: 'Profile',
      title: 'Change avatar',
      icon: <AccountCircleOutlined fontSize="small" />,
      run: () => navigate('/profile'),
    },
  ],
};
