// Follows one training job through the `training:job` stream: the job as it changes, its
// series appended as new points arrive (one render per animation frame at most), the last
// error (a final one — the job is gone — ends it), and the pace main refreshes it at under the
// read budget. While the window is hidden the stream is closed (main reads nothing for it);
// coming back opens it again, which reads the job and its series once.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { TrainingJob } from '../../../../../shared/api/training/jobs';
import type { RefreshPace } from '../../../../../shared/ipc/streams';
import { subscribeBatched } from '../../../bridge/frame-batch';
import { noteServerTime } from '../../../platform/server-clock';
import { applyEvents, emptySeries, type JobSeries } from './job-series';

export interface JobLive {
  job: TrainingJob | null;
  series: JobSeries;
  /** Bumped whenever the series grew in place. */
  version: number;
  error: NormalizedError | null;
  /** The error ended the stream (the job does not exist). */
  final: boolean;
  /** How often main reads the job now (null before the first refresh was planned). */
  pace: RefreshPace | null;
  /** Reads the job and its series now (the user's own read, outside the budget); what is shown stays until the answer. */
  refresh(): void;
}

/** Points of the first series: about a wide chart's pixels. */
const FIRST_POINTS = 1500;

export function useJobLive(jobId: string): JobLive {
  const [state, setState] = useState<Omit<JobLive, 'refresh'>>(() => ({
    job: null,
    series: emptySeries(),
    version: 0,
    error: null,
    final: false,
    pace: null,
  }));
  const seriesRef = useRef<JobSeries>(emptySeries());
  const reopen = useRef<() => void>(() => {});
  useEffect(() => {
    seriesRef.current = emptySeries();
    setState({ job: null, series: seriesRef.current, version: 0, error: null, final: false, pace: null });
    const open = () =>
      subscribeBatched('training:job', { jobId, points: FIRST_POINTS }, (events) => {
        const { series, changed } = applyEvents(seriesRef.current, events);
        seriesRef.current = series;
        let job: TrainingJob | null = null;
        let error: NormalizedError | null = null;
        let final = false;
        let pace: RefreshPace | null = null;
        for (const e of events) {
          if (e.type === 'pace') pace = e.pace;
          else if (e.type === 'error') {
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
          pace: pace ?? s.pace,
        }));
      });
    let close: (() => void) | null = document.hidden ? null : open();
    const onVisibility = () => {
      if (document.hidden) {
        close?.();
        close = null;
      } else if (close === null) close = open();
    };
    document.addEventListener('visibilitychange', onVisibility);
    reopen.current = () => {
      close?.();
      close = open();
    };
    return () => {
      reopen.current = () => {};
      document.removeEventListener('visibilitychange', onVisibility);
      close?.();
    };
  }, [jobId]);
  const refresh = useCallback(() => reopen.current(), []);
  return { ...state, refresh };
}
