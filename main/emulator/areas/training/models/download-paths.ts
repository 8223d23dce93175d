// Where the download host lives on the emulator's server: `{download_url}` of 03-endpoints-training.md.
export const DOWNLOAD_PREFIX = '/_downloads';
