export { createGateway, type Gateway, type UploadHostRequest } from './gateway';
export type { RetrySettings } from './retry-policy';
