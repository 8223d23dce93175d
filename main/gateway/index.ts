export { createGateway, type Gateway, type HostRequest, type HostResponse } from './gateway';
export type { RetrySettings } from './retry-policy';
