// A settings plan as lines to read, terraform-plan style: `+ path = value` added, `~ path: old → new`
// changed, `- path (was value)` removed; a secret says only that it changed. Also the summary of
// counts, `+2 ~3 −1`.
import type { SettingsSection } from '../../../../../shared/api/accounts/settings';
import type { PlanChange, PlanCounts, SettingsPlan } from '../../../../../shared/api/accounts/settings-io';

export const SECTION_LABEL: Record<SettingsSection, string> = {
  notifications: 'Notifications',
  billing: 'Billing',
  security: 'Security',
  integrations: 'Integrations',
  preferences: 'Preferences',
};

export interface PlanLine {
  sign: '+' | '~' | '-';
  kind: PlanChange['kind'];
  path: string;
  text: string;
}

/**
 * A value as a plan line shows it: strings quoted, lists and objects as JSON, cut to `max` characters.
 * @internal Exported for its tests only.
 */
export function valueText(value: unknown, max = 120): string {
  const text = value === undefined ? '—' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const SIGN = { added: '+', changed: '~', removed: '-' } as const;

export function planLine(c: PlanChange): PlanLine {
  const sign = SIGN[c.kind];
  let text: string;
  if (c.secret) text = c.kind === 'added' ? 'set (secret)' : c.kind === 'removed' ? 'cleared (secret)' : 'replaced (secret)';
  else if (c.kind === 'added') text = `= ${valueText(c.new)}`;
  else if (c.kind === 'removed') text = `(was ${valueText(c.old)})`;
  else text = `${valueText(c.old)} → ${valueText(c.new)}`;
  return { sign, kind: c.kind, path: c.path, text };
}

/** `+2 ~3 −1`, or `no changes`. */
export function countsText(c: PlanCounts): string {
  if (c.added + c.changed + c.removed === 0) return 'no changes';
  return [c.added ? `+${c.added}` : '', c.changed ? `~${c.changed}` : '', c.removed ? `−${c.removed}` : ''].filter(Boolean).join(' ');
}

/** The plan as one text (what a reviewer would paste), sections in order, risks first. */
export function planText(plan: SettingsPlan): string {
  const out: string[] = [];
  for (const r of plan.risks) out.push(`! ${r.severity.toUpperCase()} ${r.path}: ${r.message}`);
  for (const s of plan.sections) {
    out.push(`${s.section} (${countsText(s.counts)})`);
    for (const c of s.changes) {
      const l = planLine(c);
      out.push(`  ${l.sign} ${l.path} ${l.text}`);
    }
  }
  out.push(`Plan: ${plan.counts.added} to add, ${plan.counts.changed} to change, ${plan.counts.removed} to remove.`);
  return out.join('\n');
}

export const totalChanges = (c: PlanCounts) => c.added + c.changed + c.removed;
