// The templates feature as the shell sees it.
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import type { Feature } from '../../feature';

export const feature: Feature = {
  id: 'templates',
  area: 'clusters',
  path: '/templates',
  label: 'Templates',
  description: 'Reusable cluster templates: image, resources, ports, startup script',
  icon: <WidgetsOutlined fontSize="small" />,
  page: () => import('./TemplatesPage'),
  search: () => import('./search').then((m) => m.searchTemplates()),
};
