// Where the upload host lives on the emulator's server: `{upload_url}` of 03-endpoints-training.md.
export const UPLOAD_PREFIX = '/_uploads';
