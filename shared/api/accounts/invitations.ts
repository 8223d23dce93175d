// Invitations (01-accounts.md, Invitation; Endpoints: Team): invite, resend, cancel, and the
// emulator's stand-in for the invitee accepting (the document does not show acceptance).
import { z } from 'zod';
import { Timestamp } from '../common';
import { AssignableRoleName, ExtraPermissions } from './team';

/** The bound of an address (RFC 5321's path limit). */
const EMAIL_MAX = 254;

export const INVITATION_LIFETIMES = ['1d', '7d', '30d'] as const;

export const InviteMemberRequest = z.strictObject({
  email: z
    .string()
    .max(EMAIL_MAX)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'a valid email address'),
  role: AssignableRoleName,
  department: z.string().max(100).optional(),
  title: z.string().max(100).optional(),
  message: z.string().max(500).optional(),
  permissions: ExtraPermissions.optional(),
  expiresIn: z.enum(INVITATION_LIFETIMES).default('7d'),
});

const InvitationStatus = z.enum(['sent', 'resent', 'cancelled']);

const Invitation = z.object({
  id: z.string().startsWith('inv_'),
  userId: z.string(),
  email: z.string(),
  role: z.string(),
  status: InvitationStatus,
  /** Added: whether `expiresAt` has passed on the simulated clock (docs/decisions.md, Team). */
  expired: z.boolean(),
  expiresAt: Timestamp,
  inviteUrl: z.string(),
  department: z.string().nullable(),
  title: z.string().nullable(),
  permissions: z.array(z.string()),
  message: z.string().nullable(),
  invitedBy: z.string().nullable(),
  createdAt: Timestamp,
  resentAt: Timestamp.nullable(),
  cancelledAt: Timestamp.nullable(),
});

export const InviteMemberResponse = z.object({ invitation: Invitation, message: z.string() });

export const InvitationParams = z.strictObject({ invitation_id: z.string().startsWith('inv_').max(100) });

export const ResendInvitationResponse = z.object({
  invitation: z.object({ id: z.string(), email: z.string(), status: z.literal('resent'), expiresAt: Timestamp, resentAt: Timestamp }),
  message: z.string(),
});

export const CancelInvitationResponse = z.object({
  invitation: z.object({ id: z.string(), status: z.literal('cancelled'), cancelledAt: Timestamp }),
  message: z.string(),
});

/** Emulator admin: accept as the invitee would, with the name they give. */
export const AcceptInvitationRequest = z.strictObject({
  name: z.string().min(1).max(100).optional(),
  username: z
    .string()
    .regex(/^[a-z0-9._-]{1,50}$/, 'lower-case letters, digits, dots, dashes and underscores, 1 to 50')
    .optional(),
});
export const AcceptInvitationResponse = z.object({
  invitationId: z.string(),
  member: z.object({ id: z.string(), email: z.string(), role: z.string(), status: z.literal('active'), joinedAt: Timestamp }),
  message: z.string(),
});
