// Secrets of a cluster (02-clusters.md, Secret; Secrets). Values are write-only: they come
// back only with include_value(s)=true and the elevated permission the emulator checks.
import { z } from 'zod';
import { RoleKey } from '../common';
import { ClusterId, EnvVarName, queryBool, Tags, Timestamp, UserId, clusterEnvelope, DeletedData } from './common';

/** Filter values first, then the other values the document shows in create calls. */
export const SecretType = z.enum(['api_key', 'database', 'certificate', 'file', 'generic', 'cloud_provider', 'webhook', 'monitoring']);
export type SecretType = z.infer<typeof SecretType>;
export const SecretCategory = z.enum([
  'ml_services',
  'databases',
  'cloud_providers',
  'custom',
  'security',
  'monitoring',
  'api_authentication',
]);
export type SecretCategory = z.infer<typeof SecretCategory>;

const SECRET_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
export const SecretName = z.string().regex(SECRET_NAME_PATTERN, 'letters, digits, _ . -, at most 128');
export const SECRET_VALUE_MAX = 65_536;
const SecretValue = z.string().min(1, 'A value is required').max(SECRET_VALUE_MAX, `at most ${SECRET_VALUE_MAX} characters`);

/** An absolute mount path without `.` or `..` segments. */
const SecretFilePath = z
  .string()
  .max(1024)
  .regex(/^(?!.*\/\.{1,2}(?:\/|$))(?:\/[A-Za-z0-9._@+-]+)+$/, 'an absolute path such as /etc/secrets/key.pem');

const FileMode = z.string().regex(/^0?[0-7]{3}$/, 'an octal mode such as 0400');

const SecretPermissionsInput = z.strictObject({
  read_only: z.boolean().optional(),
  file_mode: FileMode.optional(),
  allowed_users: z.array(UserId).max(1000).optional(),
  allowed_roles: z.array(RoleKey).optional(),
});

export const ROTATION_INTERVAL_MAX = 365;
export const NOTIFICATION_DAYS_MAX = 90;
/** next_rotation is computed by the service and never accepted. */
export const RotationPolicyInput = z
  .strictObject({
    enabled: z.boolean(),
    rotation_interval_days: z.number().int().min(1).max(ROTATION_INTERVAL_MAX).default(90),
    notification_days_before: z.number().int().min(0).max(NOTIFICATION_DAYS_MAX).default(7),
  })
  .refine((r) => r.notification_days_before < r.rotation_interval_days, {
    message: 'the notice comes before the rotation interval ends',
    path: ['notification_days_before'],
  });

const secretFields = {
  description: z.string().trim().max(1000).optional(),
  category: SecretCategory.optional(),
  environment_variable: EnvVarName.optional(),
  file_path: SecretFilePath.nullable().optional(),
  permissions: SecretPermissionsInput.optional(),
  expiration_date: Timestamp.nullable().optional(),
  rotation_policy: RotationPolicyInput.optional(),
  tags: Tags.optional(),
};

/** Category omitted: the emulator files it under `custom`. */
export const CreateSecretRequest = z.strictObject({
  name: SecretName,
  type: SecretType,
  value: SecretValue,
  ...secretFields,
});
export type CreateSecretRequest = z.input<typeof CreateSecretRequest>;
export type CreateSecretParsed = z.output<typeof CreateSecretRequest>;

/**
 * Update body (spec: "not shown"; chosen): every create field optional except `name`
 * (no rename: it is the path key). A `value` rotates the secret's value.
 */
export const UpdateSecretRequest = z.strictObject({
  type: SecretType.optional(),
  value: SecretValue.optional(),
  ...secretFields,
});
export type UpdateSecretRequest = z.input<typeof UpdateSecretRequest>;

export const Secret = z.object({
  name: SecretName,
  description: z.string().nullable(),
  type: SecretType,
  category: SecretCategory,
  /** Only when requested with include_value(s)=true by a caller with the elevated permission. */
  value: z.string().optional(),
  environment_variable: z.string().nullable(),
  file_path: z.string().nullable(),
  encrypted: z.literal(true),
  expiration_date: Timestamp.nullable(),
  /** Derived: expiration_date is in the past. */
  expired: z.boolean(),
  rotation_policy: z.object({
    enabled: z.boolean(),
    rotation_interval_days: z.number().int(),
    next_rotation: Timestamp.nullable(),
    notification_days_before: z.number().int(),
  }),
  permissions: z.object({
    read_only: z.boolean(),
    file_mode: z.string().nullable(),
    allowed_users: z.array(z.string()),
    allowed_roles: z.array(z.string()),
  }),
  usage_statistics: z.object({ last_accessed: Timestamp.nullable(), access_count: z.number().int().min(0) }),
  tags: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Secret = z.output<typeof Secret>;

export const ListSecretsQuery = z.strictObject({
  type: SecretType.optional(),
  category: SecretCategory.optional(),
  include_values: queryBool(false),
  /** Matched against name and description, case-insensitively. */
  search: z.string().max(200).optional(),
});
export type ListSecretsQuery = z.input<typeof ListSecretsQuery>;

export const GetSecretQuery = z.strictObject({ include_value: queryBool(false) });
export type GetSecretQuery = z.input<typeof GetSecretQuery>;

export const SecretParams = z.strictObject({ cluster_id: ClusterId, secret_name: SecretName });
export type SecretParams = z.infer<typeof SecretParams>;

export const ListSecretsResponse = clusterEnvelope(
  z.object({
    secrets: z.array(Secret),
    total_count: z.number().int().min(0),
    /** Count per type over the matching secrets; types with none are left out. */
    secret_types: z.partialRecord(SecretType, z.number().int().min(0)),
  }),
);
export type ListSecretsResponse = z.output<typeof ListSecretsResponse>;

/** Get, create and update answer the secret (create/update responses chosen: "not shown"). */
export const SecretResponse = clusterEnvelope(Secret);
export type SecretResponse = z.output<typeof SecretResponse>;
export const DeleteSecretResponse = clusterEnvelope(DeletedData);
export type DeleteSecretResponse = z.output<typeof DeleteSecretResponse>;
