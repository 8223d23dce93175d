// Pieces of the model page: a table of name → value, and the Overview tab (training, size, the three metric
// groups as tables with a chart where bars say more), in the compact Section (Panel).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Model } from '../../../../../shared/api/training/models';
import { formatDuration } from '../../../components/error-details';
import { formatNumber } from '../../../lib/format';
import { MONO_FONT } from '../../../lib/fonts';
import { formatBytes, formatMetric, formatParameters, metricLabel, numericMetrics } from './model-format';
import { MetricBars } from './MetricBars';
import { Panel } from '../../../components/Section';

/** Name → value rows; values wrap rather than overflow. */
function Facts({ rows, testId }: { rows: ReadonlyArray<readonly [string, ReactNode]>; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, auto) 1fr', columnGap: 2, rowGap: 0.75, m: 0, fontSize: 14 }}
    >
      {rows.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {name}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** A free object's values as text: numbers with separators, lists joined, objects as JSON. */
function freeValue(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? formatNumber(v) : String(v);
  if (Array.isArray(v)) return v.map(freeValue).join(', ');
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return v === null || v === undefined ? '—' : String(v);
}

function MetricGroup({ title, group, testId }: { title: string; group: Record<string, unknown>; testId: string }) {
  const rows = Object.entries(group);
  return (
    <Panel title={title} testId={testId}>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None recorded.
        </Typography>
      ) : (
        <Facts rows={rows.map(([k, v]) => [metricLabel(k), formatMetric(k, v)] as const)} />
      )}
    </Panel>
  );
}

export function OverviewTab({ model }: { model: Model }) {
  const t = model.training;
  const params = Object.entries(t.parameters);
  const losses = numericMetrics({
    finalLoss: model.metrics.training.finalLoss,
    bestLoss: model.metrics.training.bestLoss,
    validationLoss: model.metrics.validation.loss,
  });
  return (
    <Stack spacing={2} data-testid="model-overview">
      {model.description && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {model.description}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <Panel title="Training" testId="model-training">
          <Facts
            rows={[
              ['Strategy', t.strategy],
              ['Epochs', formatNumber(t.epochs)],
              ['Steps', formatNumber(t.total_steps)],
              ['Final learning rate', t.final_learning_rate === 0 ? '0 (end of the schedule)' : t.final_learning_rate.toExponential(2)],
              ['Training time', formatDuration(t.training_time)],
              ...params.map(
                ([k, v]) => [`Parameter ${k}`, <span style={{ fontFamily: MONO_FONT, fontSize: 13 }}>{freeValue(v)}</span>] as const,
              ),
            ]}
          />
        </Panel>
        <Panel title="Size" testId="model-size">
          <Facts
            rows={[
              ['Parameters', `${formatParameters(model.size.parameters)} (${formatNumber(model.size.parameters)})`],
              [
                'Trainable parameters',
                `${formatParameters(model.size.trainable_parameters)} (${
                  model.size.parameters ? ((model.size.trainable_parameters / model.size.parameters) * 100).toPrecision(2) : '0'
                } %)`,
              ],
              ['On disk', `${formatBytes(model.size.bytes)} (${formatNumber(model.size.bytes)} bytes)`],
              ['Compressed', formatBytes(model.size.compressed)],
              ['Files', formatNumber(model.files.length)],
            ]}
          />
        </Panel>
        <MetricGroup title="Training metrics" group={model.metrics.training} testId="metrics-training" />
        <MetricGroup title="Validation metrics" group={model.metrics.validation} testId="metrics-validation" />
        {losses.length > 1 && (
          <Panel title="Losses" testId="metrics-losses">
            <MetricBars
              bars={losses.map(([k, v]) => ({ label: metricLabel(k), value: v }))}
              ariaLabel="Final, best and validation loss"
              formatValue={(v) => v.toFixed(3)}
            />
          </Panel>
        )}
        <MetricGroup title="Custom metrics" group={model.metrics.custom} testId="metrics-custom" />
      </Box>
    </Stack>
  );
}
