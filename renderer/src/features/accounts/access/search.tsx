// What the command palette finds in roles & permissions: every role (built-in and custom) by its
// name, display name or id, opening its card on the Roles tab.
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import type { SearchGroup } from '../../feature';
import { useAccess } from './access-store';
import { rolesOf } from './roles/role-form';

export async function searchRoles(): Promise<SearchGroup[]> {
  await useAccess.getState().ensureSchema();
  const schema = useAccess.getState().schema;
  if (!schema) return [];
  return [
    {
      label: 'Roles',
      items: rolesOf(schema).map((r) => ({
        id: `role:${r.id}`,
        title: r.displayName,
        keywords: [r.name, r.id],
        icon: <BadgeOutlined fontSize="small" />,
        run: () => navigate(`/access?tab=roles&role=${encodeURIComponent(r.name)}`),
      })),
    },
  ];
}
