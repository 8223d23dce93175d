// Large dataset files for the analysis bench, written to disk as they are made (never whole in
// memory): a Parquet file of text examples (hyparquet-writer, uncompressed, so its size on disk
// is the size asked) and a tar of JSON Lines members (tar-stream). Seeded, so every run reads
// the same bytes.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { ParquetWriter, fileWriter } from 'hyparquet-writer';
import tar from 'tar-stream';
import { Rng } from '../../main/emulator/core/rng';

const WORDS = 'the a model gpu train loss batch token answer question data layer cluster node memory rate epoch value'.split(' ');

function sentence(rng: Rng, words: number): string {
  let out = '';
  for (let i = 0; i < words; i++) out += `${i ? ' ' : ''}${WORDS[Math.floor(rng.next() * WORDS.length)]}${Math.floor(rng.next() * 1000)}`;
  return out;
}

const LABELS = ['positive', 'negative', 'neutral'];

/** A Parquet file of about `bytes` bytes: prompt, completion, label, score; row groups of 50,000 rows. */
export async function writeParquet(path: string, bytes: number): Promise<number> {
  const rng = new Rng(16);
  const writer = new ParquetWriter({
    writer: fileWriter(path),
    codec: 'UNCOMPRESSED',
    schema: [
      { name: 'root', num_children: 4 },
      { name: 'prompt', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      { name: 'completion', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
      { name: 'label', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      { name: 'score', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
    ],
  });
  const ROWS = 50_000;
  let written = 0;
  while (written < bytes) {
    const prompt: string[] = [];
    const completion: string[] = [];
    const label: string[] = [];
    const score: number[] = [];
    for (let i = 0; i < ROWS; i++) {
      prompt.push(sentence(rng, 40));
      completion.push(sentence(rng, 50));
      label.push(LABELS[i % 3]!);
      score.push(rng.next() * 5);
    }
    writer.write({
      columnData: [
        { name: 'prompt', data: prompt },
        { name: 'completion', data: completion },
        { name: 'label', data: label },
        { name: 'score', data: score },
      ],
      rowGroupSize: ROWS,
    });
    written = (await stat(path)).size;
  }
  writer.finish();
  return (await stat(path)).size;
}

/** A tar of JSON Lines members of 100 MB each, about `bytes` bytes in all. */
export async function writeTarOfJsonl(path: string, bytes: number): Promise<number> {
  const rng = new Rng(17);
  const pack = tar.pack();
  const out = createWriteStream(path);
  pack.pipe(out);
  const MEMBER = 100_000_000;
  for (let m = 0; m * MEMBER < bytes; m++) {
    const size = Math.min(MEMBER, bytes - m * MEMBER);
    const entry = pack.entry({ name: `shard-${String(m).padStart(3, '0')}.jsonl`, size });
    // Whole lines, the last one padded with spaces inside its JSON to end exactly at `size`.
    let left = size;
    while (left > 0) {
      let line = `${JSON.stringify({ prompt: sentence(rng, 30), completion: sentence(rng, 40), label: LABELS[left % 3] })}\n`;
      if (Buffer.byteLength(line) > left || left - Buffer.byteLength(line) < 64) line = `{"pad":"${' '.repeat(Math.max(0, left - 11))}"}\n`;
      const chunk = Buffer.from(line.slice(0, left));
      left -= chunk.length;
      if (!entry.write(chunk)) await once(entry, 'drain');
    }
    await new Promise<void>((resolve) => entry.end(() => resolve()));
  }
  pack.finalize();
  await once(out, 'finish');
  return (await stat(path)).size;
}

/** A file's bytes in chunks of `chunkBytes`, read in order (each chunk a new buffer). */
export async function* fileChunks(path: string, chunkBytes: number): AsyncGenerator<Uint8Array> {
  const h = await open(path, 'r');
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(chunkBytes);
      const { bytesRead } = await h.read(buf, 0, chunkBytes, null);
      if (bytesRead === 0) return;
      yield bytesRead === chunkBytes ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await h.close();
  }
}
