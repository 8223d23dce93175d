// The console spends its own read limit sparingly (issue 18, part 3): a running job's page says
// how often it refreshes once the read budget slows it down, stops its job stream while the tab
// is hidden and opens it again when the tab comes back, and "Refresh now" reads at once.
// (The reads an hour of the job page, the dashboard and a log window are measured in
// test/integration/services/read-budget-hour.test.ts.)
import { expect, test, type Page } from '@playwright/test';
import { openConsole, uniqueName } from './console-page';
import { advanceClock, bridgeInvoke } from './lifecycle-page';

/** Pretends the tab went to the background (or came back), as the browser does when another tab is chosen. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a running job’s page says its refresh pace, closes its stream in a hidden tab and reopens it on return', async ({ page }) => {
  const frames: Array<{ type: string; topic?: string; id?: number }> = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      if (typeof frame.payload !== 'string') return;
      try {
        frames.push(JSON.parse(frame.payload) as { type: string; topic?: string });
      } catch {
        // Not a bridge message.
      }
    }),
  );
  await openConsole(page);
  // A job of its own, running: the clock moves only when the test moves it.
  await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 0.001 });
  await page.getByRole('link', { name: 'Training jobs' }).first().click();
  await page.getByTestId('create-job').click();
  const dialog = page.getByRole('dialog', { name: 'New training job' });
  const name = uniqueName('budgeted');
  await dialog.getByTestId('job-name').fill(name);
  await dialog.getByTestId('job-datasetId').locator('..').click();
  await page.getByRole('option', { name: /support-chat-v3/ }).click();
  await dialog.getByTestId('job-epochs').fill('20');
  await dialog.getByTestId('submit-job').click();
  const detail = page.getByTestId('job-detail');
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  await advanceClock(page, 90);
  await expect(detail.getByTestId('job-detail-status')).toHaveText(/running/i, { timeout: 15_000 });

  // The job stream waits for its part of the training reads, and says so (how long depends on what
  // the earlier tests on this server left of the window).
  const pace = detail.getByTestId('refresh-pace');
  await expect(pace).toContainText(/Refreshing every (\d+ (d|h|min|s) ?)+ to save|Refresh paused until/, { timeout: 20_000 });
  await expect(pace).toContainText(/training read/);

  const jobSubscriptions = () => frames.filter((f) => f.type === 'subscribe' && f.topic === 'training:job');
  const subscribed = jobSubscriptions();
  expect(subscribed.length).toBe(1);
  const streamId = subscribed[0]!.id;

  await setHidden(page, true);
  await expect.poll(() => frames.some((f) => f.type === 'unsubscribe' && f.id === streamId)).toBe(true);
  await setHidden(page, false);
  await expect.poll(() => jobSubscriptions().length).toBe(2);

  // "Refresh now" is the user's own read: the stream opens again at once.
  await pace.getByRole('button', { name: 'Refresh now' }).click();
  await expect.poll(() => jobSubscriptions().length).toBe(3);
  await expect(detail.getByRole('heading', { name })).toBeVisible();
});
