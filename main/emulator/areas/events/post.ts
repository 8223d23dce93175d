// The POSTs of deliveries, sent from a worker thread: at 1,000 deliveries a second the HTTP
// client's work (sockets, parsing answers, timers) would take a share of the emulator's thread
// and slow its API answers; the worker does it on a thread of its own, over keep-alive agents.
// The emulator's thread only signs, posts a message and records the outcome. The worker's source
// is node built-ins only, given as text: nothing to bundle or load beside the app.
// Bounded: an answer within DELIVERY_TIMEOUT_MS (real time), its first DELIVERY_EXCERPT_MAX
// characters kept; redirects are not followed (a 3xx is an answer, not a success).
import { Worker } from 'node:worker_threads';
import { DELIVERY_EXCERPT_MAX, DELIVERY_TIMEOUT_MS } from '../../../../shared/api/accounts/deliveries';

export interface PostResult {
  status: number | null;
  body: string;
  error: string | null;
  /** Real ms from sending to the answer (or the failure). */
  ms: number;
}

/**
 * Jobs and answers cross between the threads in batches gathered for this long, as one JSON
 * string each (a string crosses as one copy; waking the other thread per POST costs more than the
 * POST). 50 ms, not less: the deliveries' work then comes in short bursts and most API answers
 * meet an idle machine (docs/decisions.md, Events: never slowing an answer).
 */
const FLUSH_MS = 50;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const TIMEOUT = ${DELIVERY_TIMEOUT_MS};
const EXCERPT = ${DELIVERY_EXCERPT_MAX};
const FLUSH_MS = ${FLUSH_MS};
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }) };
// Answers go back in batches, one message per turn of the worker's loop.
let answers = [];
const flush = () => { const a = answers; answers = []; parentPort.postMessage(JSON.stringify(a)); };
parentPort.on('message', (batch) => { for (const job of JSON.parse(batch)) send1(job); });
function send1({ n, url, headers, body }) {
  const t0 = performance.now();
  let settled = false;
  let timer = null;
  const done = (status, text, error) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    if (answers.length === 0) setTimeout(flush, FLUSH_MS);
    answers.push({ n, status, body: text, error, ms: performance.now() - t0 });
  };
  let target;
  try { target = new URL(url); } catch { return done(null, '', 'could not be reached (not a valid address)'); }
  const agent = agents[target.protocol];
  if (!agent) return done(null, '', 'could not be reached (' + target.protocol + ' is not http or https)');
  const payload = Buffer.from(body);
  const send = target.protocol === 'https:' ? https.request : http.request;
  const req = send(target, { method: 'POST', agent, headers: { ...headers, 'content-length': String(payload.length) } }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c) => { if (text.length < EXCERPT) text += c.slice(0, EXCERPT - text.length); });
    res.on('end', () => done(res.statusCode ?? null, text, null));
    res.on('error', () => done(res.statusCode ?? null, text, null));
  });
  timer = setTimeout(() => { req.destroy(); done(null, '', 'no answer within ' + TIMEOUT / 1000 + ' s'); }, TIMEOUT);
  req.on('error', (e) => done(null, '', 'could not be reached (' + (e.code || e.message) + ')'));
  req.end(payload);
}
`;

export class Sender {
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<number, (r: PostResult) => void>();
  /** Jobs gathered for the next message to the worker (FLUSH_MS). */
  private batch: Array<{ n: number; url: string; headers: Record<string, string>; body: string }> = [];

  /** Sends one POST; `done` gets its outcome (always called once, also when the emulator closes). */
  post(url: string, headers: Record<string, string>, body: string, done: (r: PostResult) => void): void {
    const n = this.next++;
    this.waiting.set(n, done);
    if (this.batch.length === 0) setTimeout(() => this.flush(), FLUSH_MS);
    this.batch.push({ n, url, headers, body });
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    if (batch.length) (this.worker ??= this.start()).postMessage(JSON.stringify(batch));
  }

  /** Ends the worker; what was in flight fails as not sent. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.batch = [];
    this.failAll('not sent: the emulator closed');
    await worker?.terminate();
  }

  private start(): Worker {
    // No loader of the parent (tsx from the sources): the source is plain CommonJS.
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
    worker.unref();
    worker.on('message', (text: string) => {
      for (const r of JSON.parse(text) as Array<PostResult & { n: number }>) {
        const resolve = this.waiting.get(r.n);
        this.waiting.delete(r.n);
        resolve?.({ status: r.status, body: r.body, error: r.error, ms: r.ms });
      }
    });
    worker.on('error', (e) => {
      this.worker = null;
      this.failAll(`not sent: the delivery worker failed (${e.message})`);
    });
    return worker;
  }

  private failAll(error: string): void {
    for (const resolve of this.waiting.values()) resolve({ status: null, body: '', error, ms: 0 });
    this.waiting.clear();
  }
}
