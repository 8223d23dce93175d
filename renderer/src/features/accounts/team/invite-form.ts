// The invite dialog's form: several addresses, each with its role, sharing a lifetime and a
// message. Checked before sending with the shared schema's rules (an address as the API checks
// it, the 500-character message), plus what the loaded list already says (already a member,
// the same address twice); the API's refusal of one address is said in words on that address.
import { INVITATION_LIFETIMES, InviteMemberRequest } from '../../../../../shared/api/accounts/invitations';
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { FormResult } from '../../../components/form/form-result';

export interface InviteRow {
  email: string;
  role: string;
}

type InvitationLifetime = (typeof INVITATION_LIFETIMES)[number];
export { INVITATION_LIFETIMES };

export interface InviteForm {
  rows: InviteRow[];
  expiresIn: InvitationLifetime;
  message: string;
}

/** The bound of one dialog: each address is its own request, counted against the hour's 50 account writes. */
export const INVITE_ROWS_MAX = 20;
export const MESSAGE_MAX = 500;

export interface InviteRequest {
  email: string;
  role: string;
  expiresIn: InvitationLifetime;
  message?: string;
}

export const emptyInviteForm = (role: string): InviteForm => ({ rows: [{ email: '', role }], expiresIn: '7d', message: '' });

/** Addresses pasted or typed together ("a@x.io, b@y.io", one per line) as separate addresses. */
function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The rows with row `index`'s text spread over as many rows as it holds addresses (each with that row's role). */
export function spreadPasted(rows: readonly InviteRow[], index: number, text: string): InviteRow[] {
  const parts = splitAddresses(text);
  const row = rows[index]!;
  if (parts.length < 2) return rows.map((r, i) => (i === index ? { ...r, email: text } : r));
  const added = parts.map((email) => ({ email, role: row.role }));
  return [...rows.slice(0, index), ...added, ...rows.slice(index + 1)].slice(0, INVITE_ROWS_MAX);
}

const emailRule = InviteMemberRequest.shape.email;

export interface InviteContext {
  members: readonly Pick<TeamMember, 'email' | 'role' | 'status'>[];
  /** The roles that may be given. */
  roles: readonly string[];
  /** A role's name in words. */
  roleName(role: string): string;
}

/** Where a row's address already is, in words; null when it is new. */
function alreadyThere(email: string, context: InviteContext): string | null {
  const lower = email.toLowerCase();
  const member = context.members.find((m) => m.email.toLowerCase() === lower);
  if (!member) return null;
  const role = context.roleName(member.role);
  return member.status === 'pending' ? `Already invited as ${role}` : `Already a member (${role})`;
}

export function validateInvite(form: InviteForm, context: InviteContext): FormResult<InviteRequest[]> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const filled = form.rows.map((r, i) => ({ ...r, email: r.email.trim(), i })).filter((r) => r.email !== '' || form.rows.length === 1);
  if (filled.length === 0) errors['rows.0.email'] = 'Enter an email address';
  for (const row of filled) {
    const key = `rows.${row.i}.email`;
    const lower = row.email.toLowerCase();
    if (row.email === '') errors[key] = 'Enter an email address';
    else if (!emailRule.safeParse(row.email).success) errors[key] = 'Not an email address: name@example.com, at most 254 characters';
    else if (seen.has(lower)) errors[key] = 'This address is listed twice';
    else errors[key] = alreadyThere(row.email, context) ?? '';
    if (!errors[key]) delete errors[key];
    seen.add(lower);
    if (!context.roles.includes(row.role)) errors[`rows.${row.i}.role`] = 'Choose a role';
  }
  if (form.rows.length > INVITE_ROWS_MAX) errors.form = `At most ${INVITE_ROWS_MAX} addresses at once`;
  const message = form.message.trim();
  if (message.length > MESSAGE_MAX) errors.message = `At most ${MESSAGE_MAX} characters (${message.length} now)`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: filled.map((r) => ({ email: r.email, role: r.role, expiresIn: form.expiresIn, ...(message ? { message } : {}) })),
  };
}

/** An invitation's refusal in words, for the address it concerns. */
export function inviteErrorText(error: Pick<NormalizedError, 'code' | 'message' | 'details'>, roleName: (role: string) => string): string {
  const details = error.details as Record<string, unknown>;
  if (error.code === 'MEMBER_ALREADY_EXISTS') {
    const role = typeof details.currentRole === 'string' ? details.currentRole : null;
    return role ? `Already a member (${roleName(role)})` : 'Already a member of the team';
  }
  if (error.code === 'INVALID_EMAIL') return 'Not accepted as an email address: name@example.com, at most 254 characters';
  return `Not sent: ${error.message}`;
}
