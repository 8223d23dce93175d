// API keys and authentication resources (01-accounts.md: API key, API keys, Authentication, Limits).
import { z } from 'zod';
import { AccountKeyScope, AuthKeyScope, Granularity, KeyPermission, Timestamp, UsagePeriod } from '../common';

export const KEY_NAME_MAX = 100;
/** Chosen maximum of a per-key rateLimit member (spec: "not shown"); see docs/decisions.md. */
export const KEY_RATE_LIMIT_MAX = 1_000_000;

export const KeyId = z.string().regex(/^key_[A-Za-z0-9]+$/, 'a key id starts with key_');
const KeyName = z.string().trim().min(1, 'Name is required').max(KEY_NAME_MAX, `Name is at most ${KEY_NAME_MAX} characters`);
export const KeyStatus = z.enum(['active', 'revoked']);

const RateLimitMember = z.number().int().min(0).max(KEY_RATE_LIMIT_MAX);
export const KeyRateLimit = z.object({ reads: RateLimitMember, writes: RateLimitMember, executions: RateLimitMember });
export type KeyRateLimit = z.infer<typeof KeyRateLimit>;
const KeyRateLimitInput = z.strictObject({
  reads: RateLimitMember.optional(),
  writes: RateLimitMember.optional(),
  executions: RateLimitMember.optional(),
});

/** The API key resource. `key` only on create and rotate. */
export const ApiKey = z.object({
  id: KeyId,
  name: z.string(),
  prefix: z.string(),
  key: z.string().optional(),
  permissions: z.array(KeyPermission),
  scopes: z.array(z.union([AccountKeyScope, AuthKeyScope])),
  lastUsed: Timestamp.nullable(),
  createdAt: Timestamp,
  expiresAt: Timestamp.nullable(),
  status: KeyStatus,
  usageCount: z.number().int().min(0),
  rateLimit: KeyRateLimit,
  revokedAt: Timestamp.nullable().optional(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** An expiry in the future, or null for no expiry. */
const ExpiresAt = Timestamp.nullable().optional();

export const CreateApiKeyRequest = z.strictObject({
  name: KeyName,
  permissions: z.array(KeyPermission).min(1, 'Choose at least one permission'),
  scopes: z.array(AccountKeyScope).min(1, 'Choose at least one scope'),
  expiresAt: ExpiresAt,
  rateLimit: KeyRateLimitInput.optional(),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

export const UpdateApiKeyRequest = z.strictObject({
  name: KeyName.optional(),
  permissions: z.array(KeyPermission).min(1).optional(),
  scopes: z.array(AccountKeyScope).min(1).optional(),
  expiresAt: ExpiresAt,
  rateLimit: KeyRateLimitInput.optional(),
});
export type UpdateApiKeyRequest = z.infer<typeof UpdateApiKeyRequest>;

/** /v2/auth family create body: the wider scope list (Authentication 5). */
export const CreateAuthApiKeyRequest = z.strictObject({
  name: KeyName,
  permissions: z.array(KeyPermission).min(1, 'Choose at least one permission'),
  scopes: z.array(AuthKeyScope).min(1, 'Choose at least one scope'),
  expiresAt: ExpiresAt,
});
export type CreateAuthApiKeyRequest = z.infer<typeof CreateAuthApiKeyRequest>;

export const KeyIdParams = z.strictObject({ key_id: KeyId });

export const ListApiKeysResponse = z.object({ apiKeys: z.array(ApiKey), total: z.number().int() });
export type ListApiKeysResponse = z.infer<typeof ListApiKeysResponse>;

export const RotateApiKeyResponse = z.object({
  id: KeyId,
  name: z.string(),
  key: z.string(),
  oldKeyRevoked: z.boolean(),
  rotatedAt: Timestamp,
  message: z.string(),
});
export type RotateApiKeyResponse = z.infer<typeof RotateApiKeyResponse>;

export const RevokeApiKeyResponse = z.object({
  id: KeyId,
  status: z.literal('revoked'),
  revokedAt: Timestamp,
  message: z.string(),
});
export type RevokeApiKeyResponse = z.infer<typeof RevokeApiKeyResponse>;

export const KeyUsageQuery = z.strictObject({
  period: UsagePeriod.default('7d'),
  granularity: Granularity.default('day'),
});
export type KeyUsageQuery = z.infer<typeof KeyUsageQuery>;

export const KeyUsageResponse = z.object({
  keyId: KeyId,
  period: UsagePeriod,
  granularity: Granularity,
  usage: z.object({
    reads: z.number().int(),
    writes: z.number().int(),
    executions: z.number().int(),
    totalRequests: z.number().int(),
  }),
  timeline: z.array(z.object({ date: Timestamp, reads: z.number().int(), writes: z.number().int(), executions: z.number().int() })),
  topEndpoints: z.array(z.object({ endpoint: z.string(), method: z.string(), count: z.number().int() })),
});
export type KeyUsageResponse = z.infer<typeof KeyUsageResponse>;

export const VerifyResponse = z.object({
  valid: z.boolean(),
  key_id: KeyId,
  permissions: z.array(KeyPermission),
  scopes: z.array(z.string()),
  expires_at: Timestamp.nullable(),
  /** Added (issue 19): the member the key belongs to, so a console knows who "you" are. */
  user_id: z.string().nullable(),
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;

const LimitStatus = z.object({ limit: z.number().int(), remaining: z.number().int(), reset_at: Timestamp });
export const RateLimitsResponse = z.object({
  plan: z.string(),
  limits: z.object({
    read_operations: LimitStatus,
    write_operations: LimitStatus,
    ai_services: LimitStatus,
  }),
  boost: z
    .object({
      multiplier: z.number(),
      expires_at: Timestamp,
      reason: z.string(),
      /** Added (docs/decisions.md, API usage analytics): the plan's limits the boost multiplied, its "before". */
      base_limits: z.object({ read_operations: z.number().int(), write_operations: z.number().int(), ai_services: z.number().int() }),
    })
    .nullable(),
});
export type RateLimitsResponse = z.infer<typeof RateLimitsResponse>;

/** Boost duration such as `24h`, `30m`, `2d`. Chosen bounds: docs/decisions.md. */
const BoostDuration = z.string().regex(/^[1-9][0-9]{0,3}[mhd]$/, 'a duration such as 30m, 24h or 7d');
export const TemporaryBoostRequest = z.strictObject({
  multiplier: z.number().min(1.1).max(10),
  duration: BoostDuration,
  reason: z.string().trim().min(1).max(500),
});
export type TemporaryBoostRequest = z.infer<typeof TemporaryBoostRequest>;

export const TemporaryBoostResponse = z.object({
  boost: z.object({
    id: z.string(),
    multiplier: z.number(),
    duration: z.string(),
    reason: z.string(),
    status: z.literal('active'),
    startsAt: Timestamp,
    expiresAt: Timestamp,
    limits: z.object({
      read_operations: z.number().int(),
      write_operations: z.number().int(),
      ai_services: z.number().int(),
    }),
  }),
  message: z.string(),
});
export type TemporaryBoostResponse = z.infer<typeof TemporaryBoostResponse>;

/** Rate-limit headers of a response (01-accounts.md, Limits), as the gateway reports them. */
export const RateLimitInfo = z.object({
  limit: z.number().int(),
  remaining: z.number().int(),
  reset: z.number().int(),
  window: z.number().int(),
  retryAfter: z.number().optional(),
  /**
   * Which limit the figures are (`X-RateLimit-Resource`, as GitHub names it): `read`, `write`,
   * `ai` (the plan's tiers), `<group>:<METHOD>` (a LimitGroup's row), a rule's name,
   * `key:<class>`… Absent when the server does not say.
   */
  resource: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/)
    .optional(),
});
export type RateLimitInfo = z.infer<typeof RateLimitInfo>;
