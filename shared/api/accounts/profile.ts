// The caller's profile (01-accounts.md, Profile; Endpoints: Profile): read, a partial update of
// its fields, its preferences, and the avatar upload. Every bound is declared here once: the
// emulator validates with it, the console's fields show its rules, and a refusal's `reason`
// is the rule itself ("at most 500 characters"), never validator text.
import { z } from 'zod';
import { Timestamp } from '../common';
import { isTimeZone, LANGUAGES } from './settings';

/** Bounds of the document (Profile; Limits: Other bounds) and, where it gives none, ours (docs/decisions.md, Profile). */
export const PROFILE_BOUNDS = {
  name: { min: 1, max: 100 },
  bio: 500,
  location: 100,
  website: 2048,
  /** A social handle and a code host username (not bounded by the document: ours). */
  social: 100,
  codeHost: 39,
} as const;

/** The avatar upload (01-accounts.md, Endpoints: Profile; Limits: Other bounds) and what the emulator makes of it. */
export const AVATAR_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  minSide: 100,
  maxSide: 2048,
  /** Every stored avatar is a square PNG of this side (docs/decisions.md, Profile: avatar). */
  outputSide: 512,
  /** The types taken, by their content (magic bytes), not by the file's name or declared type. */
  allowedTypes: ['image/jpeg', 'image/png', 'image/gif'],
} as const;

/** The multipart field names of the upload: the file, and the optional crop square in source pixels after orientation. */
export const AVATAR_FIELDS = { file: 'avatar', cropX: 'crop_x', cropY: 'crop_y', cropSize: 'crop_size' } as const;

export const PROFILE_THEMES = ['light', 'dark'] as const;
export type ProfileTheme = (typeof PROFILE_THEMES)[number];

const text = (max: number) => z.string('text').max(max, `at most ${max} characters`);

const Name = z
  .string('text of 1 to 100 characters')
  .trim()
  .min(PROFILE_BOUNDS.name.min, 'at least 1 character (not only spaces)')
  .max(PROFILE_BOUNDS.name.max, `at most ${PROFILE_BOUNDS.name.max} characters`);

/** An http or https address with a host (the same rule in the emulator and the console, whose URL parsers differ). */
const Website = text(PROFILE_BOUNDS.website).regex(
  /^https?:\/\/[^\s/?#@]+\.[^\s/?#@]+(?:[/?#][^\s]*)?$|^https?:\/\/localhost(?::\d+)?(?:[/?#][^\s]*)?$/i,
  'a full http or https address, such as https://example.com',
);

/** A social handle: an optional @, then letters, digits, `_`, `.` or `-`. */
const Social = z
  .string('text')
  .regex(/^@?[A-Za-z0-9_.-]{1,99}$/, 'a handle: letters, digits, _ . or -, optionally starting with @')
  .max(PROFILE_BOUNDS.social, `at most ${PROFILE_BOUNDS.social} characters`);

/** A code host username: letters, digits and single hyphens, not at either end, at most 39 characters. */
const CodeHostUser = z
  .string('text')
  .max(PROFILE_BOUNDS.codeHost, `at most ${PROFILE_BOUNDS.codeHost} characters`)
  .regex(/^[A-Za-z0-9](?:-?[A-Za-z0-9])*$/, 'a username: letters, digits and single hyphens, not at either end');

const TimeZone = z.string('text').max(64, 'at most 64 characters').refine(isTimeZone, 'an IANA time zone such as Europe/Paris or UTC');

export const ProfilePreferences = z.object({
  timezone: z.string(),
  language: z.enum(LANGUAGES),
  theme: z.enum(PROFILE_THEMES),
  emailNotifications: z.boolean(),
  chatNotifications: z.boolean(),
});
export type ProfilePreferences = z.infer<typeof ProfilePreferences>;

export const Profile = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  /** Where the avatar is served (a public address, docs/decisions.md), null until one is uploaded. */
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  social: z.string().nullable(),
  code_host: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  verified: z.boolean(),
  plan: z.string(),
  preferences: ProfilePreferences,
});
export type Profile = z.infer<typeof Profile>;

/** A partial update: a field left out is kept; null clears an optional one (the name cannot be cleared). */
export const UpdateProfileRequest = z.strictObject({
  name: Name.optional(),
  bio: text(PROFILE_BOUNDS.bio).nullable().optional(),
  location: text(PROFILE_BOUNDS.location).nullable().optional(),
  website: Website.nullable().optional(),
  social: Social.nullable().optional(),
  code_host: CodeHostUser.nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const UpdateProfilePreferencesRequest = z.strictObject({
  timezone: TimeZone.optional(),
  language: z.enum(LANGUAGES, `one of ${LANGUAGES.join(', ')}`).optional(),
  theme: z.enum(PROFILE_THEMES, `one of ${PROFILE_THEMES.join(', ')}`).optional(),
  emailNotifications: z.boolean('true or false').optional(),
  chatNotifications: z.boolean('true or false').optional(),
});
export type UpdateProfilePreferencesRequest = z.infer<typeof UpdateProfilePreferencesRequest>;

/**
 * The avatar upload's body: a multipart/form-data stream the route reads itself, as the bytes
 * arrive (the emulator), or the form a client sends (main). Not JSON: anything else is answered
 * 415 by the route. The form's fields are documented by AvatarUploadForm.
 */
export const AvatarUploadBody = z.custom<object>(
  (v) => v === undefined || (typeof v === 'object' && v !== null),
  'a multipart/form-data body',
);

/** The form of the upload as the OpenAPI document shows it (AVATAR_FIELDS). */
export const AvatarUploadForm = z.object({
  avatar: z.string().describe('The image file: JPEG, PNG or GIF by its content, at most 5 MB, 100–2048 px each side'),
  crop_x: z.number().int().min(0).optional().describe('Left of the crop square in pixels of the upright image; with crop_y and crop_size'),
  crop_y: z.number().int().min(0).optional().describe('Top of the crop square'),
  crop_size: z
    .number()
    .int()
    .min(AVATAR_LIMITS.minSide)
    .optional()
    .describe('Side of the crop square; without the three, the centred square'),
});

export const AvatarUploadResponse = z.object({ avatar: z.string(), message: z.string() });
export type AvatarUploadResponse = z.infer<typeof AvatarUploadResponse>;
