// The Versions tab: the model's versions as a timeline, newest first — date, the training job
// it came from, description and changelog, and each key metric with its change from the
// version before (green when better, red when worse); a chart of the validation loss by version.
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Model } from '../../../../../shared/api/training/models';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { formatBytes, formatMetric, metricLabel } from './model-format';
import { MetricBars } from './MetricBars';
import { Panel } from '../../../components/Section';
import { versionTimeline } from './version-deltas';

const VERDICT_COLOR = { better: 'success.main', worse: 'error.main', same: 'text.secondary', unknown: 'text.secondary' } as const;

export function VersionsTab({ model, onNewVersion }: { model: Model; onNewVersion?: () => void }) {
  const timeline = versionTimeline(model.versions);
  const losses = model.versions
    .map((v) => ({ label: v.version, value: typeof v.metrics.validation.loss === 'number' ? v.metrics.validation.loss : null }))
    .filter((b) => b.value !== null);
  const best = Math.min(...losses.map((b) => b.value!));
  return (
    <Stack spacing={2} data-testid="model-versions">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {model.versions.length} version{model.versions.length === 1 ? '' : 's'}, newest first
        </Typography>
        <Tooltip title={onNewVersion ? 'A new version from a completed training job (N)' : 'Restore the model to add a version'}>
          <span>
            <Button
              variant="outlined"
              size="small"
              startIcon={<Add />}
              onClick={onNewVersion}
              disabled={!onNewVersion}
              data-testid="new-version"
            >
              New version
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {losses.length > 1 && (
        <Panel title="Validation loss by version">
          <MetricBars
            bars={losses.map((b) => ({ ...b, best: b.value === best }))}
            ariaLabel="Validation loss of each version"
            formatValue={(v) => v.toFixed(3)}
          />
        </Panel>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }} aria-label="Versions">
        {timeline.map((entry, i) => {
          const v = entry.version;
          return (
            <Box
              component="li"
              key={v.version}
              sx={{ display: 'grid', gridTemplateColumns: '24px 1fr', columnGap: 1.5, pb: 2 }}
              data-testid={`version-${v.version}`}
            >
              <Box sx={{ position: 'relative', display: 'flex', justifyContent: 'center' }} aria-hidden>
                <Box
                  sx={{
                    width: 12,
                    height: 12,
                    mt: 2,
                    borderRadius: '50%',
                    bgcolor: i === 0 ? 'primary.main' : 'background.paper',
                    border: 2,
                    borderColor: 'primary.main',
                    zIndex: 1,
                  }}
                />
                {i < timeline.length - 1 && <Box sx={{ position: 'absolute', top: 28, bottom: -16, width: 2, bgcolor: 'divider' }} />}
              </Box>
              <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                    {v.version}
                  </Typography>
                  {i === 0 && <Chip size="small" color="primary" label="Latest" />}
                  <Typography variant="body2" color="text.secondary" title={formatDateTime(v.createdAt)}>
                    {formatDateTime(v.createdAt)} · {relativeTime(v.createdAt)}
                  </Typography>
                  {v.trainingJobId && (
                    <Typography variant="body2" color="text.secondary">
                      · job <Link href={`#/training/jobs/${encodeURIComponent(v.trainingJobId)}`}>{v.trainingJobId}</Link>
                    </Typography>
                  )}
                  {v.derivedFrom && (
                    <Typography variant="body2" color="text.secondary">
                      · not trained here: holds {v.derivedFrom}’s files
                    </Typography>
                  )}
                  <Typography variant="body2" color="text.secondary">
                    · {formatBytes(v.size.bytes)}
                  </Typography>
                </Stack>
                {v.description && (
                  <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {v.description}
                  </Typography>
                )}
                {v.changelog.length > 0 && (
                  <Box component="ul" sx={{ my: 0.5, pl: 2.5, fontSize: 14 }}>
                    {v.changelog.map((c, j) => (
                      <li key={j}>{c}</li>
                    ))}
                  </Box>
                )}
                <Stack direction="row" spacing={3} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
                  {entry.metrics.map((m) => (
                    <Box key={m.key} data-testid={`version-${v.version}-${m.key}`}>
                      <Typography variant="caption" color="text.secondary">
                        {metricLabel(m.key)}
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {formatMetric(m.key, m.value)}
                        {m.delta && (
                          <Box
                            component="span"
                            sx={{ ml: 1, fontWeight: 400, color: VERDICT_COLOR[m.delta.verdict] }}
                            title={`${m.delta.verdict === 'better' ? 'Better' : m.delta.verdict === 'worse' ? 'Worse' : 'Change'} than ${entry.previous}`}
                          >
                            {m.delta.text}
                          </Box>
                        )}
                      </Typography>
                    </Box>
                  ))}
                </Stack>
              </Paper>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
