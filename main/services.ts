// Composition root: the one object both transports (Electron IPC, web-mode WebSocket)
// expose. Opens the vault, makes sure the local emulator has an owner key in it, starts the
// embedded emulator, then the profiles and the gateway, and implements every channel and
// topic of shared/ipc/contract.ts on top of them.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EmulatorAdminOperationId } from '../shared/api/emulator-admin';
import type { ChannelName, ChannelResponse, VaultStatus } from '../shared/ipc/contract';
import type { ChannelHandlers, TopicSources } from '../shared/ipc/dispatch';
import { readAppVersion } from './app-version';
import { createEmulator, keyPrefix, type Emulator, type EmulatorOptions } from './emulator/index';
import { createGateway, type Gateway, type RetrySettings } from './gateway/index';
import { EMULATOR_OWNER_KEY_ACCOUNT, EMULATOR_SECRETS_KEY_ACCOUNT, ProfileStore, valuePrefix } from './profiles/index';
import { testConnection } from './profiles/connection-test';
import { createLiveTopics, type RelayTiming } from './streams/index';
import { createAccounts } from './accounts/index';
import { createTraining, HOST_TOKEN_OPERATIONS, type DatasetUploads, type ModelDownloads } from './training/index';
import { invalidRequest } from '../shared/ipc/dispatch';
import { CachingSecretStore, MemorySecretStore, openSecretStore, statusOf, type SecretStore } from './vault/index';

interface ServicesOptions {
  mode: 'electron' | 'web';
  /** Where profiles.json and the emulator's snapshot live (see main/paths.ts). */
  dataDir: string;
  /** A store chosen by the caller (tests); otherwise the OS keychain, else memory. `GPC_VAULT=memory` forces memory. */
  secretStore?: SecretStore;
  emulator?: EmulatorOptions;
  /** Electron only: opens an https URL the user clicked. */
  openExternal?: (url: string) => boolean | Promise<boolean>;
  /** Electron only: opens a secondary window on a renderer route. */
  openWindow?: (route: string) => boolean | Promise<boolean>;
  /** Electron only: the native save dialog for a model download (null: closed); web mode serves downloads to the browser. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>;
  /** Electron only: shows a saved file in the file manager. */
  showItemInFolder?: (path: string) => void;
  /** Shown in app:info; read from package.json when absent. */
  version?: string;
  /** Test seams for the gateway's timing. */
  gateway?: { timeoutMs?: number; retry?: Partial<RetrySettings>; readBudget?: boolean };
  /** Test seams for the stream relay's and the metrics poller's timing. */
  streams?: { timing?: Partial<RelayTiming>; metricsIntervalMs?: number; trainingJobIntervalMs?: number };
}

export interface Services {
  handlers: ChannelHandlers;
  topics: TopicSources;
  vaultStatus: VaultStatus;
  /** For tests, the bench and the CLI's own messages; the transports use handlers and topics only. */
  gateway: Gateway;
  profiles: ProfileStore;
  emulator: Emulator;
  /** For tests: dataset uploads under way. */
  uploads: DatasetUploads;
  /** Model downloads; web mode's server answers their one-time addresses through `claim`. */
  downloads: ModelDownloads;
  /** For tests: upstream log streams and metrics pollers open now. */
  streams: { upstreams(): number; polled(): number; trainingJobs(): number };
  dispose(): Promise<void>;
}

async function openVault(options: ServicesOptions): Promise<{ store: SecretStore; status: VaultStatus }> {
  if (options.secretStore) return { store: options.secretStore, status: statusOf(options.secretStore) };
  if (process.env.GPC_VAULT === 'memory') {
    const store = new MemorySecretStore();
    return { store, status: statusOf(store, 'GPC_VAULT=memory was set: keys are kept for this session only and never written to disk.') };
  }
  const opened = await openSecretStore();
  // A keychain answers over IPC in milliseconds; the gateway reads the key on every call.
  return { store: opened.status.backend === 'keychain' ? new CachingSecretStore(opened.store) : opened.store, status: opened.status };
}

/**
 * The key that encrypts the emulator's secret values at rest. It is kept in the OS keychain
 * when there is one (never in the snapshot); without a keychain — or when an earlier run
 * already made the emulator's own `secrets.key` file (mode 0600) — the emulator keeps using
 * that file, so values stay readable across runs (docs/decisions.md, Clusters: Secrets).
 */
async function emulatorSecretsKey(vault: SecretStore, status: VaultStatus, emulatorDir: string): Promise<Buffer | undefined> {
  if (!status.persistent || existsSync(join(emulatorDir, 'secrets.key'))) return undefined;
  const stored = await vault.get(EMULATOR_SECRETS_KEY_ACCOUNT);
  if (stored) {
    const key = Buffer.from(stored, 'base64');
    if (key.length === 32) return key;
  }
  const key = randomBytes(32);
  await vault.set(EMULATOR_SECRETS_KEY_ACCOUNT, key.toString('base64'));
  return key;
}

/** The emulator with the owner key kept in the vault; the first run creates and stores it. */
async function startEmulator(vault: SecretStore, status: VaultStatus, options: ServicesOptions): Promise<Emulator> {
  const stored = await vault.get(EMULATOR_OWNER_KEY_ACCOUNT);
  const dataDir = join(options.dataDir, 'emulator');
  const secretsKey = options.emulator?.secretsKey ?? (await emulatorSecretsKey(vault, status, dataDir));
  const emulator = createEmulator({ ...options.emulator, dataDir, secretsKey, ownerKey: stored ?? options.emulator?.ownerKey });
  if (emulator.ownerKey !== stored) {
    try {
      await vault.set(EMULATOR_OWNER_KEY_ACCOUNT, emulator.ownerKey);
    } catch {
      await emulator.close();
      throw new Error(`The local emulator's owner key could not be stored in ${vault.location}.`);
    }
  }
  return emulator;
}

export async function createServices(options: ServicesOptions): Promise<Services> {
  const vault = await openVault(options);
  const emulator = await startEmulator(vault.store, vault.status, options);
  let profiles: ProfileStore;
  try {
    profiles = await ProfileStore.open({ dataDir: options.dataDir, vault: vault.store });
  } catch (error) {
    await emulator.close();
    throw error;
  }
  profiles.markOwnerKeyPresent();
  const gateway = createGateway({
    profiles,
    vault: vault.store,
    emulatorFetch: (request) => emulator.fetch(request),
    timeoutMs: options.gateway?.timeoutMs,
    retry: options.gateway?.retry,
    readBudget: options.gateway?.readBudget,
  });
  const live = createLiveTopics({
    gateway,
    profiles,
    timing: options.streams?.timing,
    metricsIntervalMs: options.streams?.metricsIntervalMs,
  });
  const version = options.version ?? readAppVersion();
  const web = options.mode === 'web';
  const training = createTraining({
    gateway,
    profiles,
    delivery: web ? 'browser' : 'file',
    chooseSavePath: options.chooseSavePath,
    showItemInFolder: options.showItemInFolder,
    jobIntervalMs: options.streams?.trainingJobIntervalMs,
  });
  const accounts = createAccounts(gateway);
  /** One admin route of the emulator for the channel C; the gateway refuses it for remote profiles. */
  const admin =
    <C extends ChannelName>(op: EmulatorAdminOperationId, toInput: (request: unknown) => unknown = () => ({})) =>
    async (request: unknown): Promise<ChannelResponse<C>> =>
      (await gateway.admin(op, toInput(request))).data as ChannelResponse<C>;

  type ClockJump = { kind: 'advance' | 'reset' | 'import'; now: number };
  const clockJumps = new Set<(event: ClockJump) => void>();
  /** The user moved the emulator's time: live views read the new now at once (their own reads, outside the read budget). */
  const jumped = async <T>(kind: ClockJump['kind'], answer: T): Promise<T> => {
    live.metrics.refreshAll();
    training.jobs.refreshAll();
    const clock = (await gateway.admin('emulator.clock', {})).data as { now: string };
    for (const listener of clockJumps) listener({ kind, now: Date.parse(clock.now) });
    return answer;
  };

  const handlers: ChannelHandlers = {
    'app:info': async () => ({ mode: options.mode, version, platform: process.platform, vault: vault.status, dataDir: options.dataDir }),
    'api:call': async (request) => {
      // Their answers hold a bearer token for an upload or download host, which stays in main.
      const through = HOST_TOKEN_OPERATIONS.get(request.op);
      if (through) throw invalidRequest(`This operation goes through ${through}, not api:call.`);
      return gateway.call(request.op, request.input, { callId: request.callId });
    },
    'api:cancel': async (request) => ({ cancelled: gateway.cancel(request.callId) }),
    // A window's name for its view; the window's own id keeps two windows' names apart.
    'refresh:reserve': async (request) =>
      gateway.reserveReads(request.group, `view:${request.follower}`, request.reads, request.preferredMs),
    'refresh:leave': async (request) => {
      gateway.leaveReads(`view:${request.follower}`);
      return { left: true as const };
    },
    'profiles:list': async () => profiles.state(),
    'profiles:create': (request) => profiles.create(request),
    'profiles:update': (request) => profiles.update(request),
    'profiles:test': (request) =>
      testConnection({ profiles, vault: vault.store, probe: (op, target, key) => gateway.probe(op, target, key) }, request),
    'profiles:remove': async (request) => {
      await profiles.remove(request.id);
      return { removed: true as const };
    },
    'profiles:activate': (request) => profiles.activate(request.id),
    'profiles:fromKey': (request) => profiles.fromKey(request),
    // The built-in profile holds the local emulator's owner key, listed with the emulator's own prefix rule.
    'profiles:usingKeys': async (request) => ({
      uses: await profiles.usingKeys(request.prefixes, (value, p) => (p.builtIn ? keyPrefix(value) : valuePrefix(value))),
    }),
    // In web mode the renderer opens links and windows itself (window.open on its own origin).
    'shell:openExternal': async (request) => ({ opened: !web && options.openExternal ? await options.openExternal(request.url) : false }),
    'windows:open': async (request) => ({ opened: !web && options.openWindow ? await options.openWindow(request.route) : false }),
    'emulator:health': admin<'emulator:health'>('emulator.health'),
    'emulator:clock': admin<'emulator:clock'>('emulator.clock'),
    'emulator:advanceClock': async (request) =>
      jumped('advance', await admin<'emulator:advanceClock'>('emulator.clockAdvance', (body) => ({ body }))(request)),
    'emulator:setClockSpeed': admin<'emulator:setClockSpeed'>('emulator.clockSpeed', (body) => ({ body })),
    'emulator:reset': async (request) => jumped('reset', await admin<'emulator:reset'>('emulator.reset')(request)),
    'emulator:journal': admin<'emulator:journal'>('emulator.journal', (query) => ({ query })),
    'emulator:chaos': admin<'emulator:chaos'>('emulator.chaosGet'),
    'emulator:setChaos': admin<'emulator:setChaos'>('emulator.chaosSet', (body) => ({ body })),
    'emulator:exportSnapshot': admin<'emulator:exportSnapshot'>('emulator.snapshotExport'),
    'emulator:importSnapshot': async (request) =>
      jumped('import', await admin<'emulator:importSnapshot'>('emulator.snapshotImport', (body) => ({ body }))(request)),
    'emulator:emitEvent': admin<'emulator:emitEvent'>('emulator.eventEmit', (body) => ({ body })),
    'emulator:deliveries': admin<'emulator:deliveries'>('emulator.deliveryList', (query) => ({ query })),
    'emulator:delivery': admin<'emulator:delivery'>('emulator.deliveryGet', (params) => ({ params })),
    'emulator:redeliver': admin<'emulator:redeliver'>('emulator.deliveryRedeliver', (params) => ({ params })),
    'emulator:outbox': admin<'emulator:outbox'>('emulator.outbox', (query) => ({ query })),
    'emulator:acceptInvitation': admin<'emulator:acceptInvitation'>('emulator.invitationAccept', (request) => {
      const { invitation_id, ...body } = request as { invitation_id: string };
      return { params: { invitation_id }, body };
    }),
    ...training.handlers,
    ...accounts.handlers,
  };

  const topics: TopicSources = {
    'gateway:rateLimit': (_params, emit) => {
      // A new subscriber (a status bar just mounted) sees the last figures at once.
      const last = gateway.lastRateLimit();
      if (last && last.profileId === profiles.active().id) emit(last);
      return gateway.onRateLimit(emit);
    },
    'profiles:changed': (_params, emit) => profiles.onChange(emit),
    'emulator:clockJumped': (_params, emit) => {
      clockJumps.add(emit);
      return () => clockJumps.delete(emit);
    },
    // Menu commands are emitted per window by the Electron IPC binding; web mode has no menu.
    'menu:command': () => () => {},
    ...live.topics,
    ...training.topics,
  };

  let disposed: Promise<void> | null = null;
  return {
    handlers,
    topics,
    vaultStatus: vault.status,
    gateway,
    profiles,
    emulator,
    uploads: training.uploads,
    downloads: training.downloads,
    streams: {
      upstreams: () => live.relay.upstreams(),
      polled: () => live.metrics.polled(),
      trainingJobs: () => training.jobs.following(),
    },
    dispose() {
      disposed ??= (async () => {
        live.close();
        training.close();
        accounts.close();
        gateway.cancelAll();
        await profiles.flush();
        await emulator.close();
      })();
      return disposed;
    },
  };
}
