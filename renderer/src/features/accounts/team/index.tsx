// The team feature as the shell sees it: the members page, "Invite members" (N) and the
// members by name in the palette.
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';
import { memberPath } from './team-route';

export const feature: Feature = {
  id: 'team',
  area: 'accounts',
  path: '/team',
  label: 'Team',
  description: 'Members and invitations: roles, status, bulk changes, removal',
  icon: <GroupOutlined fontSize="small" />,
  page: () => import('./TeamPage'),
  prefetch: () => import('./team-store').then((m) => m.useTeam.getState().ensureLoaded()),
  async search() {
    const { useTeam } = await import('./team-store');
    await useTeam.getState().ensureLoaded();
    const items = useTeam.getState().members.map((m) => ({
      id: `member:${m.id}`,
      title: m.name ?? m.email,
      keywords: [m.email, m.id, ...(m.username ? [m.username] : [])],
      icon: <PersonOutlined fontSize="small" />,
      run: () => navigate(memberPath(m.id)),
    }));
    return [{ label: 'Team members', items }];
  },
  commands: [
    {
      id: 'team:invite',
      group: 'Team',
      title: 'Invite team members',
      icon: <PersonAddAlt1Outlined fontSize="small" />,
      shortcut: 'N',
      run: () => {
        navigate('/team');
        useIntents.getState().request('team:invite');
      },
    },
  ],
};
