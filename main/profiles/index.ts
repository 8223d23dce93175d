export { ProfileStore } from './profile-store';
export { EMULATOR_OWNER_KEY_ACCOUNT, EMULATOR_SECRETS_KEY_ACCOUNT } from './key-accounts';
export { valuePrefix } from './key-use';
