// The gallery view: one card per template, opening its detail.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Template } from '../../../../../shared/api/clusters/templates';
import { formatMoney } from '../../../lib/money';
import { gpuSummary, ratingText, TemplateBadges } from './TemplateBadges';

function TemplateCard({ template, onOpen }: { template: Template; onOpen(t: Template): void }) {
  return (
    <Card variant="outlined" data-testid={`template-card-${template.id}`} sx={{ opacity: template.is_deprecated ? 0.75 : 1 }}>
      <CardActionArea
        onClick={() => onOpen(template)}
        sx={{ height: '100%', alignItems: 'stretch' }}
        aria-label={`Open template ${template.name}`}
      >
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1, lineHeight: 1.3 }}>
              {template.name}
            </Typography>
            <TemplateBadges template={template} />
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', minHeight: 40 }}
          >
            {template.description}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip size="small" label={template.category} />
            {template.framework && <Chip size="small" variant="outlined" label={template.framework} />}
            <Chip size="small" variant="outlined" label={`v${template.version}`} />
          </Stack>
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={2} sx={{ fontSize: 13, color: 'text.secondary' }}>
            <span>{gpuSummary(template)}</span>
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {formatMoney(template.default_configuration.estimated_hourly_cost)}/h
            </Box>
            <span>{ratingText(template)}</span>
            <span>{template.usage_statistics.total_deployments.toLocaleString()} deploys</span>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function TemplateGallery({ templates, onOpen }: { templates: readonly Template[]; onOpen(t: Template): void }) {
  return (
    <Box
      role="list"
      aria-label="Templates"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 2, overflowY: 'auto', pb: 2 }}
    >
      {templates.map((t) => (
        <Box role="listitem" key={t.id}>
          <TemplateCard template={t} onOpen={onOpen} />
        </Box>
      ))}
    </Box>
  );
}
