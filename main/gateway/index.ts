export { createGateway, EMULATOR_BASE_URL, DEFAULT_TIMEOUT_MS, type Gateway, type GatewayOptions, type CallOptions, type FetchLike, type RateLimitEvent } from './gateway';
export { parseRateLimitHeaders, retryAfterSeconds } from './rate-limit-headers';
export { prepareRequest, type PreparedRequest } from './prepare-request';
export { defaultRetrySettings, isIdempotent, type RetrySettings } from './retry-policy';
