// A request body fed chunk by chunk: the bridge hands main one chunk of the file at a time,
// and the request to the upload host reads them as they come. `push` resolves once the
// reader took the chunk, so main never holds more than the chunk in hand.
export interface ByteFeed {
  readonly stream: ReadableStream<Uint8Array>;
  push(bytes: Uint8Array): Promise<void>;
  /** No more bytes: the body ends. */
  close(): void;
}

export function createByteFeed(): ByteFeed {
  const queue: Array<{ bytes: Uint8Array; taken: () => void }> = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (queue.length === 0 && !closed) await new Promise<void>((resolve) => (wake = resolve));
        const next = queue.shift();
        if (next) {
          controller.enqueue(next.bytes);
          next.taken();
        } else controller.close();
      },
      cancel() {
        // The reader went away (the request failed): nobody waits for it any more.
        closed = true;
        for (const q of queue.splice(0)) q.taken();
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    push(bytes) {
      if (closed) return Promise.resolve();
      return new Promise<void>((taken) => {
        queue.push({ bytes, taken });
        wake?.();
        wake = null;
      });
    },
    close() {
      closed = true;
      wake?.();
      wake = null;
    },
  };
}
