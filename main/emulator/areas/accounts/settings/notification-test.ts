// POST /v2/accounts/settings/notifications/test: sends one message to the chat webhook given (or saved),
// now, and answers what happened — the hook's status and the start of its answer, or why it
// could not be reached (docs/decisions.md, Events). Bounded: 5 s, 1 KB of the answer kept.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { validationError } from '../../../core/errors';
import { defineRoute } from '../../../core/route-def';
import { accountsOf } from '../state';

const TIMEOUT_MS = 5_000;
const EXCERPT = 1_024;

export const notificationTestRoute = defineRoute(ops['settings.notifications.test'], async (ctx, { body, now }) => {
  // Without an address, the saved chat settings are what is tested (their channel too).
  const saved = accountsOf(ctx.store).settings.notifications.chat;
  const url = body.webhook_url ?? saved.webhook_url;
  if (url === null) throw validationError('webhook_url', 'required: no chat webhook is saved in the notification settings');
  const channel = body.webhook_url === undefined ? (body.channel ?? saved.channel) : body.channel;
  const started = performance.now();
  const payload = {
    text: 'Test message from GPU Operator Console: chat notifications reach this channel.',
    ...(channel ? { channel } : {}),
  };
  let status: number | null = null;
  let answer = '';
  let failure: string | null = null;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'gpc-emulator-notifications' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
    status = response.status;
    answer = (await response.text()).slice(0, EXCERPT);
  } catch (e) {
    failure =
      e instanceof Error && e.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : `could not be reached (${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message})`;
  }
  const ok = status !== null && status >= 200 && status < 300;
  return {
    test: {
      type: 'chat' as const,
      status: ok ? ('sent' as const) : ('failed' as const),
      message: ok
        ? `The chat webhook answered ${status}`
        : status !== null
          ? `The chat webhook answered ${status}`
          : `The chat webhook ${failure}`,
      timestamp: new Date(now).toISOString(),
      response: { chat_response: { status, body: answer, durationMs: Math.round(performance.now() - started) } },
    },
  };
});
