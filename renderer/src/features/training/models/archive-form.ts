// The archive dialog's form: a reason (optional) and the retention period in whole days
// (1–3,650), sent as the API's `90d`; when the model would be deleted, on the server's clock.
import type { z } from 'zod';
import { ArchiveModelRequest, MODEL_LIMITS } from '../../../../../shared/api/training/models-actions';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';

export interface ArchiveForm {
  reason: string;
  days: string;
}

export type ArchiveRequest = z.input<typeof ArchiveModelRequest>;

const R = MODEL_LIMITS.retentionDays;
export const RETENTION_RULE = `${R.min} to ${R.max.toLocaleString('en-US')} days`;

export const initialArchiveForm = (): ArchiveForm => ({ reason: '', days: String(R.default) });

export function validateArchiveForm(form: ArchiveForm): FormResult<ArchiveRequest> {
  const errors: FieldErrors = {};
  const days = /^\s*\d+\s*$/.test(form.days) ? Number(form.days) : Number.NaN;
  if (form.days.trim() === '') errors.days = `Required: ${RETENTION_RULE}`;
  else if (!Number.isInteger(days)) errors.days = `Whole days, ${RETENTION_RULE}`;
  else if (days < R.min || days > R.max) errors.days = RETENTION_RULE;
  const reason = form.reason.trim();
  if (reason.length > 500) errors.reason = 'At most 500 characters';
  if (Object.keys(errors).length) return { ok: false, errors };
  const request: ArchiveRequest = { retention_period: `${days}d`, ...(reason ? { reason } : {}) };
  const parsed = ArchiveModelRequest.safeParse(request);
  if (!parsed.success) return { ok: false, errors: { form: 'The archive request is not valid' } };
  return { ok: true, request };
}

/** The day the model would be permanently deleted, `days` after `now`; null for an invalid count. */
export function deletionDate(days: string, now: number): Date | null {
  const n = Number(days);
  if (!/^\s*\d+\s*$/.test(days) || n < R.min || n > R.max) return null;
  return new Date(now + n * 86_400_000);
}
