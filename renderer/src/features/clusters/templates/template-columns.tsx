// Column declarations of the templates table view, and the rest of its table; the table is the
// shared DataTable.
import type { Template } from '../../../../../shared/api/clusters/templates';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { navigate } from '../../../platform/navigation/hash-router';
import { formatDate } from '../../../platform/relative-time';
import { formatMoney } from '../../../lib/money';
import { gpuSummary, ratingText, TemplateBadges } from './TemplateBadges';
import { TwoLineCell } from '../../../components/TwoLineCell';

function templateColumns(): Column<Template>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(200px, 2fr)',
      sortValue: (t) => t.name.toLowerCase(),
      render: (t) => <TwoLineCell strong primary={t.name} secondary={t.container_image} title={`${t.name}\n${t.description}`} />,
    },
    { id: 'badges', header: '', width: '128px', render: (t) => <TemplateBadges template={t} /> },
    { id: 'category', header: 'Category', width: '100px', sortValue: (t) => t.category, render: (t) => t.category },
    { id: 'framework', header: 'Framework', width: '110px', sortValue: (t) => t.framework ?? '', render: (t) => t.framework ?? '—' },
    { id: 'version', header: 'Version', width: '84px', render: (t) => t.version },
    {
      id: 'gpu',
      header: 'GPU',
      width: 'minmax(150px, 1fr)',
      sortValue: (t) => t.default_configuration.gpu_count,
      render: (t) => gpuSummary(t),
    },
    {
      id: 'cost',
      header: 'Cost / h',
      width: '84px',
      align: 'right',
      sortValue: (t) => t.default_configuration.estimated_hourly_cost,
      render: (t) => formatMoney(t.default_configuration.estimated_hourly_cost),
    },
    {
      id: 'deploys',
      header: 'Deploys',
      width: '84px',
      align: 'right',
      sortValue: (t) => t.usage_statistics.total_deployments,
      render: (t) => t.usage_statistics.total_deployments.toLocaleString(),
    },
    {
      id: 'rating',
      header: 'Rating',
      width: '72px',
      align: 'right',
      sortValue: (t) => t.usage_statistics.average_rating ?? -1,
      render: (t) => ratingText(t),
    },
    {
      id: 'updated',
      header: 'Updated',
      width: CONTENT_WIDTH.date,
      sortValue: (t) => Date.parse(t.updated_at),
      render: (t) => formatDate(t.updated_at),
    },
  ];
}

export const TEMPLATE_TABLE = {
  label: 'Templates',
  columns: templateColumns(),
  rowKey: (t: Template) => t.id,
  onRowActivate: (t: Template) => navigate(`/templates/${t.id}`),
  rowTestId: (t: Template) => `template-row-${t.id}`,
};
