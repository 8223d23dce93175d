// The page side of the log window benchmark (bundled by log-window.ts, run in Chromium): the
// console's log window view fed by a synthetic tail at a given rate, or a naive viewer of the
// same lines (every line a DOM row, appended as each batch arrives, scrolled to the bottom).
// Measures frame intervals (requestAnimationFrame), long tasks, and the regex filter.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createRoot, type Root } from 'react-dom/client';
import { LogSource, LogType } from '../../shared/api/clusters/logs';
import type { LogTailItem } from '../../shared/ipc/streams';
import { createAppTheme } from '../../renderer/src/shell/theme/create-app-theme';
import { LogModel } from '../../renderer/src/features/clusters/logs/log-model';
import { LogWindow, type LogWindowEnv } from '../../renderer/src/features/clusters/logs/LogWindow';

export type Mode = 'tuned' | 'naive';

const LEVELS = ['debug', 'info', 'info', 'info', 'info', 'warn', 'error'] as const;
const MESSAGES = [
  'Epoch 12 step 4812/10000 loss=0.4213 lr=3.0e-4 throughput=1843 samples/s',
  'NCCL INFO Channel 02/32 : 0[0] -> 1[1] via P2P/IPC read',
  'CUDA out of memory. Tried to allocate 2.00 GiB (GPU 3; 79.15 GiB total capacity)',
  'GET /v1/health 200 3.2ms',
  'Checkpoint saved to /mnt/ckpt/step_4800.pt (12.4 GiB) in 8.1 s',
  'Xid 79: GPU has fallen off the bus',
  'dataloader worker 3 prefetched 64 batches, queue depth 12',
  'gradient norm 1.8421 clipped to 1.0',
];
const T0 = Date.UTC(2026, 0, 1, 12);

let seq = 0;
/** The next synthetic cluster entries, as the relay delivers them. */
function nextItems(n: number): LogTailItem[] {
  const out: LogTailItem[] = new Array<LogTailItem>(n);
  for (let i = 0; i < n; i++) {
    const k = seq++;
    const gpu = k % 5 === 0 ? `gpu_${k % 8}` : null;
    out[i] = {
      id: `e${k}`,
      entry: {
        id: `e${k}`,
        timestamp: new Date(T0 + k * 0.05).toISOString(),
        level: LEVELS[k % LEVELS.length],
        source: LogSource.options[k % 4],
        log_type: LogType.options[k % 6],
        message: `${MESSAGES[k % MESSAGES.length]} [#${k}]`,
        process: { pid: 4000 + (k % 16), name: 'python', command: 'python train.py' },
        metadata: {
          host: 'node-a1',
          container_id: 'c0ffee12',
          thread_id: k % 32,
          file: 'train.py',
          line: 200 + (k % 50),
          gpu_id: gpu,
          cuda_version: '12.4',
          driver_version: '550.54',
        },
        tags: ['training'],
        ...(k % 7 === 6
          ? { stack_trace: ['Traceback (most recent call last):', '  File "train.py", line 231, in step', 'RuntimeError: CUDA error'] }
          : {}),
      },
    };
  }
  return out;
}

interface Viewer {
  ingest(items: LogTailItem[]): void;
  filterMs(pattern: string): number;
  destroy(): void;
}

function container(): HTMLElement {
  const root = document.getElementById('root')!;
  root.style.cssText = 'height:100vh;display:flex;flex-direction:column';
  return root;
}

function tuned(mode: 'light' | 'dark'): Viewer {
  const model = new LogModel();
  model.setSources([{ kind: 'cluster', id: 'cluster_bench' }]);
  const env: LogWindowEnv = {
    labels: ['training-a100'],
    origins: LogSource.options,
    types: LogType.options,
    onAddSource: () => {},
    canOpenMetrics: () => true,
    onOpenMetrics: () => {},
    onSearchOlder: () => {},
  };
  const root: Root = createRoot(container());
  root.render(
    <ThemeProvider theme={createAppTheme(mode)}>
      <CssBaseline />
      <LogWindow model={model} env={env} />
    </ThemeProvider>,
  );
  model.setStatus(0, { type: 'status', state: 'live' });
  return {
    ingest: (items) => model.ingest(0, items),
    filterMs(pattern) {
      const t = performance.now();
      model.setPattern(pattern);
      return performance.now() - t;
    },
    destroy: () => root.unmount(),
  };
}

function naive(): Viewer {
  const root = container();
  const list = document.createElement('div');
  list.style.cssText = 'flex:1;overflow:auto;font:12px monospace';
  root.appendChild(list);
  const lines: { level: string; source: string; message: string; ts: string }[] = [];
  return {
    ingest(items) {
      for (const { entry } of items) {
        const e = entry as { level: string; source: string; message: string; timestamp: string };
        lines.push({ level: e.level, source: e.source, message: e.message, ts: e.timestamp });
        const row = document.createElement('div');
        row.textContent = `${e.timestamp} ${e.level.toUpperCase()} ${e.source} ${e.message}`;
        list.appendChild(row);
      }
      while (lines.length > 100_000) {
        lines.shift();
        list.firstChild!.remove();
      }
      list.scrollTop = list.scrollHeight;
    },
    filterMs(pattern) {
      const t = performance.now();
      const re = new RegExp(pattern, 'i');
      let n = 0;
      for (const l of lines) if (re.test(`${l.level} ${l.source} ${l.message}`)) n++;
      return n >= 0 ? performance.now() - t : 0;
    },
    destroy: () => (root.innerHTML = ''),
  };
}

let viewer: Viewer | null = null;

export function setup(kind: Mode, theme: 'light' | 'dark' = 'light'): void {
  viewer?.destroy();
  seq = 0;
  viewer = kind === 'tuned' ? tuned(theme) : naive();
}

/** Feeds `total` lines right away (filling the buffer before a filter is timed, or a screenshot). */
export function fill(total: number): void {
  for (let done = 0; done < total; done += 1000) viewer!.ingest(nextItems(Math.min(1000, total - done)));
}

export interface RunResult {
  frameMs: number[];
  longTasks: number[];
  lines: number;
}

/** Lines at `rate` per second for `seconds`, in batches every 10 ms; frame intervals and long tasks meanwhile. */
export function run(rate: number, seconds: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration)));
    observer.observe({ type: 'longtask', buffered: false });
    const frameMs: number[] = [];
    const start = performance.now();
    let last = start;
    let sent = 0;
    let running = true;
    const frame = (t: number) => {
      frameMs.push(t - last);
      last = t;
      if (running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const timer = setInterval(() => {
      const elapsed = performance.now() - start;
      const due = Math.min(rate * seconds, Math.floor((elapsed / 1000) * rate));
      if (due > sent) {
        viewer!.ingest(nextItems(due - sent));
        sent = due;
      }
      if (elapsed >= seconds * 1000) {
        clearInterval(timer);
        running = false;
        // Long tasks are reported a little after they end.
        setTimeout(() => {
          observer.disconnect();
          resolve({ frameMs: frameMs.slice(1), longTasks, lines: sent });
        }, 200);
      }
    }, 10);
  });
}

export function filterMs(pattern: string): number {
  return viewer!.filterMs(pattern);
}

declare global {
  interface Window {
    logBench: { setup: typeof setup; fill: typeof fill; run: typeof run; filterMs: typeof filterMs };
  }
}

window.logBench = { setup, fill, run, filterMs };
