// State both lifecycle dialogs share: form, inline errors (live only after a first submit),
// the API error, and the "accepted" switch that turns the dialog into a progress view.
import { useEffect, useState } from 'react';
import type { Cluster } from '../../../../shared/api/clusters/cluster';
import type { ClusterLifecycle } from '../../../../shared/api/clusters/lifecycle';
import type { NormalizedError } from '../../../../shared/api/errors';
import { toNormalizedError } from '../../bridge/errors';
import { isTransitional, rememberRunOptions, useClusterFollow } from './follow-store';
import type { RunOptions } from './phases';
import type { FieldErrors, FormResult } from './form-values';

export function useLifecycleDialog<F, R>(open: boolean, initial: () => F, validate: (form: F) => FormResult<R>) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);
  const [accepted, setAccepted] = useState<Cluster | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setForm(initial());
    setErrors({});
    setSubmitted(false);
    setApiError(null);
    setAccepted(null);
    setNotice(null);
    // Reset only when the dialog opens (`initial` is a fresh function each render).
  }, [open]);

  const update = (patch: Partial<F>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) {
      const r = validate(next);
      setErrors(r.ok ? {} : r.errors);
    }
  };

  /**
   * Validates, sends, and on success follows the cluster with the progress the response
   * started. A request that waits for the end (wait_for_completion / wait_for_ready) can
   * outlast the gateway's timeout while the service carries on: then the cluster is read,
   * and followed if the operation is under way.
   */
  const submit = async (clusterId: string, send: (request: R) => Promise<{ cluster: Cluster; lifecycle: ClusterLifecycle; status: Cluster['status']; options: RunOptions }>) => {
    setSubmitted(true);
    const result = validate(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    setApiError(null);
    try {
      const { cluster, lifecycle, status, options } = await send(result.request);
      rememberRunOptions(cluster.id, lifecycle.started_at, options);
      const started: Cluster = { ...cluster, status, lifecycle };
      useClusterFollow.getState().observe(started);
      setAccepted(started);
      // The response may already be the end state (wait_for_completion / wait_for_ready).
      void useClusterFollow.getState().refresh(cluster.id);
    } catch (e) {
      const error = toNormalizedError(e);
      const current = error.code === 'TIMEOUT' ? await useClusterFollow.getState().refresh(clusterId) : null;
      if (current && (isTransitional(current.status) || current.lifecycle)) {
        setAccepted(current);
        setNotice('The wait outlasted the request timeout; the service carries on, and its progress is followed here.');
      } else setApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return { form, update, errors, busy, apiError, accepted, notice, submit };
}
