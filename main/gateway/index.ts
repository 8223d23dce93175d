export { createGateway, type Gateway } from './gateway';
export type { RetrySettings } from './retry-policy';
