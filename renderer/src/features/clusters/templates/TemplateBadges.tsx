// Badges of a template: official, deprecated, public; and its GPU configuration in short.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Template } from '../../../../../shared/api/clusters/templates';
import { gpuConfig } from '../../../lib/format';

const chip = { height: 20, fontSize: 11 } as const;

export function TemplateBadges({ template }: { template: Template }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'nowrap' }}>
      {template.official && (
        <Tooltip title="Maintained by the platform; read-only">
          <Chip label="official" color="primary" size="small" sx={chip} data-testid="badge-official" />
        </Tooltip>
      )}
      {template.is_deprecated && (
        <Tooltip title="Still usable, but no longer recommended">
          <Chip label="deprecated" color="warning" size="small" sx={chip} data-testid="badge-deprecated" />
        </Tooltip>
      )}
      {template.is_public && <Chip label="public" size="small" variant="outlined" sx={chip} />}
    </Stack>
  );
}

export function gpuSummary(t: Template): string {
  const d = t.default_configuration;
  return gpuConfig(d.gpu_type, d.gpu_count);
}

export function ratingText(t: Template): string {
  const r = t.usage_statistics.average_rating;
  return r === null ? '—' : `★ ${r.toFixed(1)}`;
}
