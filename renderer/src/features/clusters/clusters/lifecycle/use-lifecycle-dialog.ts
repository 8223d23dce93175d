// The state both lifecycle dialogs add to the shared form machinery: the "accepted" switch
// that turns the dialog into a progress view, and the notice when the wait outlasted the
// request.
import { useState } from 'react';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import type { ClusterLifecycle } from '../../../../../../shared/api/clusters/lifecycle';
import { toNormalizedError } from '../../../../bridge/errors';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import type { FieldLabels } from '../../../../components/form/field-errors';
import { useValidatedForm, type ServerFieldError, type ValidatedForm } from '../../../../components/form/use-validated-form';
import { isTransitional, rememberRunOptions, useClusterFollow } from './follow-store';
import type { FieldErrors, FormResult } from './form-values';
import type { RunOptions } from './phases';

/** How long a request may be pending before the dialog shows the progress it is waiting for. */
const HELD_NOTICE_AFTER_MS = 1500;

export type LifecycleSend<R> = (
  request: R,
) => Promise<{ cluster: Cluster; lifecycle: ClusterLifecycle; status: Cluster['status']; options: RunOptions }>;

export interface LifecycleDialogState {
  busy: boolean;
  apiError: ValidatedForm<unknown, FieldErrors>['apiError'];
  errors: FieldErrors;
  errorAttempt: number;
  fieldLabels: FieldLabels;
  accepted: Cluster | null;
  notice: string | null;
  onSubmit: ValidatedForm<unknown, FieldErrors>['onSubmit'];
}

/**
 * Validates, sends, and on success follows the cluster with the progress the response
 * started. A request that waits for the end (wait_for_completion / wait_for_ready) can
 * outlast the gateway's timeout while the service carries on: then the cluster is read,
 * and followed if the operation is under way.
 */
export function useLifecycleDialog<F, R>(
  open: boolean,
  clusterId: string,
  initial: () => F,
  validate: (form: F) => FormResult<R>,
  send: LifecycleSend<R>,
  fields: { labels: FieldLabels; placeApiError?(error: NormalizedError, form: F): readonly ServerFieldError<F>[] | null },
) {
  const [accepted, setAccepted] = useState<Cluster | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const form = useValidatedForm<F, R>({
    open,
    initial,
    validate,
    // Every field is optional with a valid default: an error appears as soon as something invalid is typed.
    showErrors: 'always',
    placeApiError: fields.placeApiError,
    onReset: () => {
      setAccepted(null);
      setNotice(null);
    },
    submit: async (request) => {
      // A held request (wait_for_completion / wait_for_ready) answers only at the end: once it
      // has been pending a moment, read the cluster and show its progress meanwhile.
      let settled = false;
      const showWhileHeld = setTimeout(() => {
        void useClusterFollow
          .getState()
          .refresh(clusterId)
          .then(
            (current) => {
              if (settled || !current || !(isTransitional(current.status) || current.lifecycle)) return;
              setAccepted(current);
              setNotice('Waiting for the operation to finish, as asked; its progress is followed here.');
            },
            () => undefined,
          );
      }, HELD_NOTICE_AFTER_MS);
      try {
        const { cluster, lifecycle, status, options } = await send(request).finally(() => {
          settled = true;
          clearTimeout(showWhileHeld);
        });
        rememberRunOptions(cluster.id, lifecycle.started_at, options);
        const started: Cluster = { ...cluster, status, lifecycle };
        useClusterFollow.getState().observe(started);
        setAccepted(started);
        setNotice(null);
        // The response may already be the end state (wait_for_completion / wait_for_ready).
        void useClusterFollow.getState().refresh(cluster.id);
      } catch (e) {
        const error = toNormalizedError(e);
        const current = error.code === 'TIMEOUT' ? await useClusterFollow.getState().refresh(clusterId) : null;
        if (!current || !(isTransitional(current.status) || current.lifecycle)) throw e;
        setAccepted(current);
        setNotice('The wait outlasted the request timeout; the service carries on, and its progress is followed here.');
      }
    },
  });

  return { ...form, accepted, notice, fieldLabels: fields.labels };
}
