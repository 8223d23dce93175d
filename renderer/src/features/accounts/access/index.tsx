// The roles & permissions feature as the shell sees it: its page, the palette's "Check a
// permission…", and the "Why?" dialog every 403 opens (an overlay, loaded when first asked for).
import AccountTree from '@mui/icons-material/AccountTree';
import GridOn from '@mui/icons-material/GridOn';
import ManageSearch from '@mui/icons-material/ManageSearch';
import MoreTime from '@mui/icons-material/MoreTime';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useWhy } from '../../../platform/why';
import type { Feature } from '../../feature';

export const feature: Feature = {
  id: 'access',
  area: 'accounts',
  path: '/access',
  label: 'Roles & permissions',
  description: 'Roles, grants, the permission matrix, and why a member may or may not do something',
  icon: <VerifiedUserOutlined fontSize="small" />,
  page: () => import('./AccessPage'),
  search: () => import('./search').then((m) => m.searchRoles()),
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
    {
      id: 'access:roles',
      group: 'Roles & permissions',
      title: 'Show roles and their inheritance',
      icon: <AccountTree fontSize="small" />,
      run: () => navigate('/access?tab=roles'),
    },
    {
      id: 'access:grants',
      group: 'Roles & permissions',
      title: 'Show permission grants',
      icon: <MoreTime fontSize="small" />,
      run: () => navigate('/access?tab=grants'),
    },
    {
      id: 'access:matrix',
      group: 'Roles & permissions',
      title: 'Show the permission matrix',
      icon: <GridOn fontSize="small" />,
      run: () => navigate('/access?tab=matrix'),
    },
  ],
};
