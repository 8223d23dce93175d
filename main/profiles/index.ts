export { ProfileStore, LOCAL_EMULATOR_ID, LOCAL_EMULATOR_NAME, MAX_PROFILES, type ProfileStoreOptions, type ResolvedProfile } from './profile-store';
export { ProfilesFileError, PROFILES_FILE_NAME } from './profile-file';
export { EMULATOR_OWNER_KEY_ACCOUNT, EMULATOR_SECRETS_KEY_ACCOUNT, profileKeyAccount } from './key-accounts';
