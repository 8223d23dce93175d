// "Add seeds" on a pair the comparison cannot test (docs/decisions.md, Experiments view and
// comparison): new jobs of the groups' configurations (their first run's job again — same
// configuration, dataset, GPU and workers; a new job is a new seed), each added to the experiment
// as `<run> · seed k`, until each group has 3 replicates. A confirmation shows the count and the
// estimated cost first; then the progress; an error keeps the dialog open with what was added
// before it, and a retry adds only the rest.
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useRef, useState } from 'react';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { formatMoney } from '../../../../lib/money';
import { toNormalizedError } from '../../../../bridge/errors';
import { useExperiments, type ReplicatePlan, type ReplicateSource } from '../experiments-store';

/** The sources left once `done` replicates (in order) were added. */
function remaining(sources: readonly ReplicateSource[], done: number): ReplicateSource[] {
  const out: ReplicateSource[] = [];
  let skip = done;
  for (const s of sources) {
    const used = Math.min(skip, s.count);
    skip -= used;
    if (s.count > used) out.push({ ...s, count: s.count - used, firstSeed: s.firstSeed + used });
  }
  return out;
}

export function AddSeedsButton({
  experimentId,
  sources,
  onAdded,
}: {
  experimentId: string;
  sources: readonly ReplicateSource[];
  /** Each run as it is added (the comparison takes it in). */
  onAdded(runIds: string[]): void;
}) {
  const [plan, setPlan] = useState<ReplicatePlan | null>(null);
  const [planError, setPlanError] = useState<NormalizedError | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const added = useRef<string[]>([]);
  const total = sources.reduce((n, s) => n + s.count, 0);

  const open = () => {
    added.current = [];
    setProgress(null);
    setPlanError(null);
    useExperiments
      .getState()
      .replicatePlan(sources)
      .then(setPlan, (e: unknown) => setPlanError(toNormalizedError(e)));
  };
  const close = () => {
    setPlan(null);
    if (added.current.length > 0) onAdded(added.current);
  };
  const confirm = async () => {
    const rest = remaining(sources, added.current.length);
    await useExperiments.getState().addReplicates(experimentId, rest, (run) => {
      added.current = [...added.current, run.id];
      setProgress({ done: added.current.length, total });
    });
  };

  return (
    <>
      <Button size="small" variant="outlined" onClick={open} data-testid="add-seeds">
        Add seeds ({total})
      </Button>
      {planError && <ErrorAlert error={planError} sx={{ mt: 1 }} />}
      <ConfirmDialog
        open={plan !== null}
        title="Add seeds"
        confirmLabel={`Start ${total} job${total === 1 ? '' : 's'}`}
        onConfirm={confirm}
        onClose={close}
      >
        {plan && (
          <>
            Start {plan.jobs} new training job{plan.jobs === 1 ? '' : 's'} — the same configuration, dataset, GPU and workers as{' '}
            {sources.map((s) => `${s.runName} (${s.count})`).join(', ')}, each a new seed — and add each to the experiment as a run.
            Estimated cost: <strong data-testid="add-seeds-cost">{formatMoney(plan.estimatedCost)}</strong>.
            {progress && (
              <span data-testid="add-seeds-progress">
                <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} sx={{ mt: 2 }} />
                {progress.done} of {progress.total} added.
              </span>
            )}
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
