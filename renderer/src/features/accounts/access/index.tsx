// The roles & permissions feature as the shell sees it: its page, the palette's "Check a
// permission…", and the "Why?" dialog every 403 opens (an overlay, loaded when first asked for).
import ManageSearch from '@mui/icons-material/ManageSearch';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useWhy } from '../../../platform/why';
import type { Feature } from '../../feature';

export const feature: Feature = {
  id: 'access',
  area: 'accounts',
  path: '/access',
  label: 'Roles & permissions',
  description: 'Check what a member may do, step by step',
  icon: <VerifiedUserOutlined fontSize="small" />,
  page: () => import('./AccessPage'),
  overlay: {
    useOpen: () => useWhy((s) => s.error !== null),
    component: () => import('./WhyDialog'),
  },
  commands: [
    {
      id: 'access:check',
      group: 'Roles & permissions',
      title: 'Check a permission…',
      icon: <ManageSearch fontSize="small" />,
      run: () => navigate('/access?tab=check'),
    },
  ],
};
