// A step of the explained check's chain in words and colours (issue 19): what was tried, what it
// held, what it found. Near misses (an expired or revoked grant, a grant or share on other
// resources) are warnings, since they are what an operator would fix; the times say both how
// long ago and when.
import type { ChainStep, CheckSource, PermissionCheckResponse, StepOutcome } from '../../../../../shared/api/accounts/permissions';
import { formatLocalTime } from '../../../components/error-details';
import { relativeTime } from '../../../platform/relative-time';

export type StepTone = 'success' | 'neutral' | 'warning' | 'error';

const TONES: Record<StepOutcome, StepTone> = {
  matched: 'success',
  not_held: 'neutral',
  none_exist: 'neutral',
  member_inactive: 'error',
  expired: 'warning',
  revoked: 'warning',
  other_resource: 'warning',
};

export const stepTone = (outcome: StepOutcome): StepTone => TONES[outcome];

/** What the step is: "Role developer", "Inherited role viewer, via developer", "No grants". */
export function stepTitle(step: ChainStep): string {
  switch (step.step) {
    case 'member':
      return `Member (${step.status})`;
    case 'role':
      return `Role ${step.role}`;
    case 'inherited_role':
      return `Inherited role ${step.role}, via ${step.via}`;
    case 'grant':
      return step.grantId === null ? 'No grants' : `Grant ${step.grantId}`;
    case 'share':
      return step.shareId === null ? 'No shares' : `Share ${step.shareId}${step.resourceId ? ` of ${step.resourceId}` : ''}`;
  }
}

/**
 * "expired 3 hours ago (14:02)", "expires in 2 days (Nov 29, 2026, 09:00)".
 * @internal Exported for its tests only.
 */
export function expiryWords(expiresAt: string, now: number): string {
  const past = Date.parse(expiresAt) <= now;
  return `${past ? 'expired' : 'expires'} ${relativeTime(expiresAt, now)} (${formatLocalTime(expiresAt, { now })})`;
}

/** What the step found, in a few words: "matched", "not held", "near miss: expired 3 hours ago (14:02)". */
export function outcomeWords(step: ChainStep, now: number): string {
  switch (step.outcome) {
    case 'matched':
      return 'matched';
    case 'not_held':
      return 'not held';
    case 'none_exist':
      return 'none exist';
    case 'member_inactive':
      return 'member not active';
    case 'expired': {
      const expiresAt = step.step === 'grant' || step.step === 'share' ? step.expiresAt : null;
      return `near miss: ${expiresAt ? expiryWords(expiresAt, now) : 'expired'}`;
    }
    case 'revoked':
      return 'near miss: revoked';
    case 'other_resource':
      return 'near miss: held for other resources';
  }
}

/** What the step held: its permissions and its scopes (`*` as "all"), or null when it holds nothing to show. */
export function heldOf(step: ChainStep): { permissions: string[]; scopes: string[] } | null {
  const all = (v: string) => (v === '*' ? 'all' : v);
  switch (step.step) {
    case 'member':
      return null;
    case 'role':
    case 'inherited_role':
      return { permissions: step.permissions.map(all), scopes: step.scopes.map(all) };
    case 'grant':
      return step.grantId === null ? null : { permissions: step.permissions, scopes: step.scopes };
    case 'share':
      return step.shareId === null ? null : { permissions: step.permissions, scopes: [] };
  }
}

/** The resources a grant is limited to, when it is. */
export function stepResources(step: ChainStep): string[] | null {
  return step.step === 'grant' && step.grantId !== null ? step.resources : null;
}

const SOURCES: Record<CheckSource, string> = {
  role: 'role',
  inherited_role: 'inherited role',
  grant: 'grant',
  share: 'share',
};

/** "Allowed via inherited role developer", "Allowed via grant grant_…", "Refused". */
export function verdictWords(result: Pick<PermissionCheckResponse, 'allowed' | 'source' | 'details'>): string {
  if (!result.allowed) return 'Refused';
  if (!result.source) return 'Allowed';
  const decided = result.details.chain.find((s) => s.outcome === 'matched');
  const which =
    decided?.step === 'role' || decided?.step === 'inherited_role'
      ? ` ${decided.role}`
      : decided?.step === 'grant'
        ? ` ${decided.grantId ?? ''}`
        : decided?.step === 'share'
          ? ` ${decided.shareId ?? ''}`
          : '';
  return `Allowed via ${SOURCES[result.source]}${which}`.trimEnd();
}
