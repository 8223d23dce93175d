// Training jobs running and the most recent failures (the jobs list, filtered by status).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Figure } from '../../components/Figure';
import { formatNumber } from '../../lib/format';
import { relativeTime } from '../../platform/relative-time';
import { OverviewCard } from './OverviewCard';
import { useJobsCard, type JobItem } from './overview-store';

function JobLine({ job, detail }: { job: JobItem; detail: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
      <Link
        href={`#/training/jobs/${encodeURIComponent(job.id)}`}
        underline="hover"
        variant="body2"
        noWrap
        sx={{ flex: 1, minWidth: 0 }}
        title={job.name}
      >
        {job.name}
      </Link>
      <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 0 }}>
        {detail}
      </Typography>
    </Box>
  );
}

export function JobsCard() {
  const state = useJobsCard();
  const jobs = state.data;
  return (
    <OverviewCard
      title="Training jobs"
      href="/training/jobs"
      linkLabel="Jobs"
      state={state}
      onRetry={() => void useJobsCard.getState().load()}
      testId="overview-jobs"
    >
      {jobs && (
        <Stack spacing={1.5}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
            <Figure label="Running" value={formatNumber(jobs.runningTotal)} testId="jobs-running" />
            <Figure label="Failed" value={formatNumber(jobs.failedTotal)} testId="jobs-failed" />
          </Box>
          {jobs.running.length > 0 && (
            <Stack spacing={0.5} component="ul" aria-label="Running jobs" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {jobs.running.slice(0, 3).map((job) => (
                <JobLine key={job.id} job={job} detail={`${Math.round(job.progress.percentage)} %`} />
              ))}
            </Stack>
          )}
          <Box>
            <Typography variant="caption" color="text.secondary" component="h3" sx={{ mb: 0.5 }}>
              Recently failed
            </Typography>
            {jobs.failed.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No job has failed.
              </Typography>
            ) : (
              <Stack spacing={0.5} component="ul" aria-label="Failed jobs" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {jobs.failed.map((job) => (
                  <JobLine key={job.id} job={job} detail={`failed ${relativeTime(job.updatedAt)}`} />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
    </OverviewCard>
  );
}
