// The contract's channel and topic names, for the preload only. Importing the contract's
// values would bundle zod and every schema into each window's preload (~460 KB, parsed
// before the page starts); these tables import types only. The mapped types make the
// compiler reject a missing or an extra name whenever shared/ipc/contract.ts changes, and
// test/unit/electron/preload.test.ts compares them with channelNames/topicNames.
import type { ChannelName, TopicName } from '../shared/ipc/contract';

const channelTable: { readonly [C in ChannelName]: true } = {
  'app:info': true,
  'api:call': true,
  'api:cancel': true,
  'refresh:reserve': true,
  'refresh:leave': true,
  'profiles:list': true,
  'profiles:create': true,
  'profiles:update': true,
  'profiles:test': true,
  'profiles:remove': true,
  'profiles:activate': true,
  'profiles:fromKey': true,
  'profiles:usingKeys': true,
  'shell:openExternal': true,
  'windows:open': true,
  'emulator:health': true,
  'emulator:clock': true,
  'emulator:advanceClock': true,
  'emulator:setClockSpeed': true,
  'emulator:reset': true,
  'emulator:journal': true,
  'emulator:chaos': true,
  'emulator:setChaos': true,
  'emulator:exportSnapshot': true,
  'datasets:beginUpload': true,
  'datasets:uploadChunk': true,
  'datasets:cancelUpload': true,
  'emulator:importSnapshot': true,
  'emulator:emitEvent': true,
  'emulator:deliveries': true,
  'emulator:delivery': true,
  'emulator:redeliver': true,
  'emulator:outbox': true,
  'emulator:acceptInvitation': true,
  'experiments:export': true,
  'models:download': true,
  'models:cancelDownload': true,
  'models:showDownload': true,
  'profile:avatarBegin': true,
  'profile:avatarChunk': true,
  'profile:avatarImage': true,
};

const topicTable: { readonly [T in TopicName]: true } = {
  'gateway:rateLimit': true,
  'profiles:changed': true,
  'emulator:clockJumped': true,
  'menu:command': true,
  'logs:tail': true,
  'metrics:live': true,
  'training:job': true,
  'models:download': true,
};

export const preloadChannelNames = Object.keys(channelTable) as ChannelName[];
export const preloadTopicNames = Object.keys(topicTable) as TopicName[];
