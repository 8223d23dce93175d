export { createGateway, type DownloadHostRequest, type DownloadHostResponse, type Gateway, type UploadHostRequest } from './gateway';
export type { RetrySettings } from './retry-policy';
