// Follows one training job through the `training:job` stream: the job as it changes, its
// series appended as new points arrive (one render per animation frame at most), and the
// last error (a final one — the job is gone — ends it). When this console advances the
// emulator's clock the stream starts over at once (the job and its curve at the new now),
// keeping what is shown until the new answer replaces it.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { TrainingJob } from '../../../../../shared/api/training/jobs';
import { subscribeBatched } from '../../../bridge/frame-batch';
import { clockJumps, noteServerTime, onServerClockJump } from '../../../platform/server-clock';
import { applyEvents, emptySeries, type JobSeries } from './job-series';

export interface JobLive {
  job: TrainingJob | null;
  series: JobSeries;
  /** Bumped whenever the series grew in place. */
  version: number;
  error: NormalizedError | null;
  /** The error ended the stream (the job does not exist). */
  final: boolean;
}

/** Points of the first series: about a wide chart's pixels. */
const FIRST_POINTS = 1500;

export function useJobLive(jobId: string, restartKey = 0): JobLive {
  const [state, setState] = useState<JobLive>(() => ({ job: null, series: emptySeries(), version: 0, error: null, final: false }));
  const seriesRef = useRef<JobSeries>(emptySeries());
  const jumps = useSyncExternalStore(onServerClockJump, clockJumps);
  /** The job (and restart) the state shows: a jump of the clock alone keeps it until the new snapshot. */
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${jobId}:${restartKey}`;
    if (shownFor.current !== key) {
      shownFor.current = key;
      seriesRef.current = emptySeries();
      setState({ job: null, series: seriesRef.current, version: 0, error: null, final: false });
    }
    return subscribeBatched('training:job', { jobId, points: FIRST_POINTS }, (events) => {
      const { series, changed } = applyEvents(seriesRef.current, events);
      seriesRef.current = series;
      let job: TrainingJob | null = null;
      let error: NormalizedError | null = null;
      let final = false;
      for (const e of events) {
        if (e.type === 'error') {
          error = e.error;
          final = e.final;
        } else {
          job = e.job;
          error = null;
          noteServerTime(e.serverTime);
        }
      }
      setState((s) => ({
        job: job ?? s.job,
        series,
        version: changed ? s.version + 1 : s.version,
        error: job && !error ? null : (error ?? s.error),
        final: final || s.final,
      }));
    });
  }, [jobId, restartKey, jumps]);
  return state;
}
