// The stop dialog's form as plain data and its translation into a StopRequest checked by
// the shared schema (02-clusters.md, Stop: defaults and maxima).
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import { StopRequest, type StopRequestParsed } from '../../../../../../shared/api/clusters/lifecycle';
import { fieldErrors, type FieldLabels } from '../../../../components/form/field-errors';
import { compact, lifecycleField, numberField, type FormResult } from './form-values';

export interface StopForm {
  force: boolean;
  gracePeriodMinutes: string;
  saveState: boolean;
  snapshotName: string;
  preserveData: boolean;
  waitForCompletion: boolean;
  timeoutMinutes: string;
  stopReason: string;
  notifyUsers: string[];
}

/** The document's defaults, as the shared schema declares them: graceful, 5 minutes' grace, no snapshot, data kept, no wait, 10 minutes' timeout. */
const defaults = StopRequest.parse({});
export const defaultStopForm = (): StopForm => ({
  force: defaults.force,
  gracePeriodMinutes: String(defaults.grace_period_minutes),
  saveState: defaults.save_state,
  snapshotName: '',
  preserveData: defaults.preserve_data,
  waitForCompletion: defaults.wait_for_completion,
  timeoutMinutes: String(defaults.timeout_minutes),
  stopReason: '',
  notifyUsers: [],
});

/** The stop dialog's fields by error key: their labels, and the form member each shows. */
export const STOP_LABELS: FieldLabels = {
  grace_period_minutes: 'Grace period',
  snapshot_name: 'Snapshot name',
  timeout_minutes: 'Timeout',
  stop_reason: 'Reason',
  notify_users: 'Notify users',
};
const STOP_FIELDS = {
  grace_period_minutes: 'gracePeriodMinutes',
  snapshot_name: 'snapshotName',
  timeout_minutes: 'timeoutMinutes',
  stop_reason: 'stopReason',
  notify_users: 'notifyUsers',
} as const satisfies Record<string, keyof StopForm>;

export function toStopRequest(form: StopForm): FormResult<StopRequestParsed> {
  const candidate = compact({
    force: form.force,
    // Grace applies to graceful stops only; a forced stop sends none.
    grace_period_minutes: form.force ? undefined : numberField(form.gracePeriodMinutes),
    save_state: form.saveState,
    snapshot_name: form.saveState ? form.snapshotName.trim() || undefined : undefined,
    preserve_data: form.preserveData,
    wait_for_completion: form.waitForCompletion,
    timeout_minutes: form.waitForCompletion ? numberField(form.timeoutMinutes) : undefined,
    stop_reason: form.stopReason.trim() || undefined,
    notify_users: form.notifyUsers.length ? form.notifyUsers : undefined,
  });
  const parsed = StopRequest.safeParse(candidate);
  if (!parsed.success)
    return {
      ok: false,
      errors: fieldErrors(
        parsed.error.issues,
        lifecycleField(undefined, { schema: StopRequest, shown: Object.keys(STOP_FIELDS), labels: STOP_LABELS }),
      ),
    };
  return { ok: true, request: parsed.data };
}

export interface StopCostImpact {
  hourlyRateSaved: number;
  sessionCostSoFar: number;
  currency: string;
}

/** What stopping saves: the whole hourly rate (billing ends at the stop). */
export function stopCostImpact(cluster: Cluster): StopCostImpact {
  return { hourlyRateSaved: cluster.cost.hourly_rate, sessionCostSoFar: cluster.cost.session_cost, currency: cluster.cost.currency };
}
