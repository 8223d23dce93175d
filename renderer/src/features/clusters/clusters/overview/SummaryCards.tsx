// Resources, cost and template of a cluster.
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import { MONO_FONT } from '../../../../lib/fonts';
import { formatDateTime } from '../../../../platform/relative-time';
import { serverNow } from '../../../../platform/server-clock';
import { cpuCores, sizeGb } from '../../../../lib/format';
import { formatHourly, formatMoney } from '../../../../lib/money';
import { formatUptime, gpuLabel, hourlyRateBreakdown } from '../cluster-logic';
import { Panel } from '../../../../components/Section';
import { Facts } from './Facts';

export function ResourcesCard({ cluster }: { cluster: Cluster }) {
  const r = cluster.resources;
  return (
    <Panel title="Resources" testId="cluster-resources">
      <Facts
        items={[
          ['GPUs', gpuLabel(cluster)],
          ['CPU', cpuCores(r.cpu_cores)],
          ['Memory', sizeGb(r.memory_gb)],
          ['Storage', sizeGb(r.storage_gb)],
          ['Region', cluster.region],
          ['Uptime', formatUptime(cluster.uptime_seconds)],
        ]}
      />
    </Panel>
  );
}

export function CostCard({ cluster }: { cluster: Cluster }) {
  const c = cluster.cost;
  // A stopped cluster restarting: billed once it is running.
  const billingLater = c.billing_started_at !== null && Date.parse(c.billing_started_at) > serverNow();
  return (
    <Panel title="Cost" testId="cluster-cost">
      <Facts
        items={[
          ['Hourly rate', formatHourly(c.hourly_rate)],
          ['Made of', hourlyRateBreakdown(cluster)],
          ['Session cost', formatMoney(c.session_cost)],
          billingLater
            ? ['Billing starts', `${formatDateTime(c.billing_started_at)}, once it is running`]
            : ['Billing started', formatDateTime(c.billing_started_at)],
          [
            'Billing stopped',
            c.billing_stopped_at
              ? formatDateTime(c.billing_stopped_at)
              : cluster.status === 'stopped' || billingLater
                ? '—'
                : 'Still billing',
          ],
        ]}
      />
    </Panel>
  );
}

export function TemplateCard({ cluster }: { cluster: Cluster }) {
  const t = cluster.template_info;
  return (
    <Panel title="Template" testId="cluster-template">
      <Facts
        items={[
          [
            'Template',
            t.template_id ? (
              <Link href={`#/templates/${encodeURIComponent(t.template_id)}`}>{t.name ?? t.template_id}</Link>
            ) : (
              <Typography variant="body2" color="text.secondary" component="span">
                None (custom image)
              </Typography>
            ),
          ],
          ['Image', <span style={{ fontFamily: MONO_FONT, fontSize: 13 }}>{t.container_image}</span>],
          ['Project', cluster.project_info.project_id],
          ['Created', formatDateTime(cluster.created_at)],
        ]}
      />
    </Panel>
  );
}
