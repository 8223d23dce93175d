export { ProfileStore } from './profile-store';
export { EMULATOR_OWNER_KEY_ACCOUNT, EMULATOR_SECRETS_KEY_ACCOUNT } from './key-accounts';
export { valuePrefix, type KeyHolder, type KeyUse } from './key-use';
