// Issue 18 part 5: the comparison's pareto count and its recommendations agree — one frontier
// (the emulator's `pareto`, the answer's `pareto_frontier`) and the recommendation that names it
// reads that same list: its count, the runs compared and their names.
import { describe, expect, it } from 'vitest';
import { advanceClock } from '../harness';
import { fileEmulator, readyDataset } from './file-emulator';

const t = fileEmulator();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

const E = '/v2/training/experiments';
/** The metrics the console asks for (use-comparison.ts). */
const METRICS = ['validation_loss', 'loss', 'perplexity', 'accuracy', 'cost', 'duration'];

async function ok(method: string, path: string, body?: unknown, status = 200): Promise<Json> {
  const r = await t.call(method, path, body === undefined ? {} : { body });
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

describe('the pareto frontier and the recommendations', () => {
  it('name the same runs, as many as the frontier lists', async () => {
    const datasetId = await readyDataset(t.call, 'support-chat-v3');
    const exp = await ok('POST', E, { name: 'pareto agreement', description: 'Quality against cost and time' }, 201);
    // Learning rates and epochs that trade quality for cost and time.
    const configs = [
      { learning_rate: 1e-4, epochs: 1 },
      { learning_rate: 2e-4, epochs: 2 },
      { learning_rate: 4e-4, epochs: 3 },
      { learning_rate: 2e-4, epochs: 1, batch_size: 8 },
      { learning_rate: 1e-3, epochs: 2 },
    ];
    for (const [i, training] of configs.entries()) {
      const job = await ok(
        'POST',
        '/v2/training/jobs',
        {
          name: `sweep-${i}`,
          modelType: 'llm',
          datasetId,
          config: { baseModel: 'llama-3-8b', strategy: 'lora', training: { batch_size: 4, ...training } },
        },
        201,
      );
      await ok('POST', `${E}/${exp.id}/runs`, { trainingJobId: job.id }, 201);
    }
    await advanceClock(t.call, 6 * 3600);
    const runIds = (await ok('GET', `${E}/${exp.id}`)).runs.map((r: Json) => r.id);
    const c = (await ok('POST', `${E}/${exp.id}/compare`, { runs: runIds, metrics: METRICS, analysis: { performance_pareto: true } }))
      .comparison;
    const names = new Map<string, string>(c.runs.map((r: Json) => [r.id, r.name]));
    const frontier: string[] = c.pareto_frontier.map((f: Json) => names.get(f.runId));
    expect(frontier.length).toBeGreaterThan(0);
    const lines = c.recommendations.filter((r: string) => /pareto frontier/.test(r));
    expect(lines).toHaveLength(1);
    const m = /^(\d+) of (\d+) runs? with every metric (?:is|are) on the pareto frontier over ([^(]+) \(.*\): (.+)\.$/.exec(lines[0]);
    expect(m, lines[0]).not.toBeNull();
    expect(Number(m![1])).toBe(frontier.length);
    expect(Number(m![2])).toBe(c.pareto_frontier.length + c.dominated.length);
    expect(m![3]!.trim()).toBe(METRICS.join(', '));
    expect(m![4]!.split(', ')).toEqual(frontier);

    // Without the pareto analysis there is no frontier and no line about it.
    const without = (
      await ok('POST', `${E}/${exp.id}/compare`, { runs: runIds, metrics: METRICS, analysis: { performance_pareto: false } })
    ).comparison;
    expect(without.pareto_frontier).toBeNull();
    expect(without.recommendations.some((r: string) => /pareto frontier/.test(r))).toBe(false);
  });
});
