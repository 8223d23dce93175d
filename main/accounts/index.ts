// The accounts area's main-process half: the avatar upload, whose file goes to the API as a
// multipart form with the profile's key and whose image comes back through the gateway's host
// path (docs/areas.md, step 4). Its channels are handed to services.ts.
import type { ChannelHandlers } from '../../shared/ipc/dispatch';
import type { Gateway } from '../gateway/index';
import { createAvatarUploads } from './avatar-uploads';

type AccountsChannel = 'profile:avatarBegin' | 'profile:avatarChunk' | 'profile:avatarImage';

export function createAccounts(gateway: Pick<Gateway, 'call' | 'host'>): {
  handlers: Pick<ChannelHandlers, AccountsChannel>;
  close(): void;
} {
  const avatars = createAvatarUploads(gateway);
  return {
    handlers: {
      'profile:avatarBegin': (request) => avatars.begin(request),
      'profile:avatarChunk': (request) => avatars.chunk(request.uploadId, request.offset, request.data),
      'profile:avatarImage': (request) => avatars.image(request.url),
    },
    close: () => avatars.close(),
  };
}
