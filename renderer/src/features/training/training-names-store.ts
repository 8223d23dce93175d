// Names of the training area's objects for the references that show them (a job's dataset, a
// tuning job's parent training job, a run's job, a trial's model): one list read per kind (the latest 100), kept for a minute
// and shared by every view, never one read per row. A single reference (a detail page's) to an
// object beyond that read is read once by itself (`ensureOne`); a list's rows show such an id.
// Names belong to one account's world: after a profile switch or an emulator reset (a new data
// generation) the first ensure forgets them and reads again.
import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from '../../bridge/api';
import { dataGeneration } from '../../platform/data-generation';

type NameKind = 'jobs' | 'datasets' | 'models';

interface TrainingNamesState {
  jobs: Readonly<Record<string, string>>;
  datasets: Readonly<Record<string, string>>;
  models: Readonly<Record<string, string>>;
  /** Reads the kind's list unless it was read in the last minute (or is being read). */
  ensure(kind: NameKind): Promise<void>;
  /** After `ensure`, reads the one object when the list did not name it (once per id and world). */
  ensureOne(kind: NameKind, id: string): Promise<void>;
}

const FRESH_MS = 60_000;

async function readNames(kind: NameKind): Promise<{ id: string; name: string }[]> {
  if (kind === 'jobs') {
    const { data } = await api('training.jobs.list', { query: { limit: 100, sort: 'created_at', order: 'desc' } });
    return data.jobs;
  }
  if (kind === 'models') {
    const { data } = await api('training.models.list', { query: { limit: 100 } });
    return data.models;
  }
  const { data } = await api('training.datasets.list', { query: { limit: 100 } });
  return data.datasets;
}

async function readName(kind: NameKind, id: string): Promise<string> {
  if (kind === 'jobs') return (await api('training.jobs.get', { params: { job_id: id } })).data.name;
  if (kind === 'models') return (await api('training.models.get', { params: { model_id: id } })).data.name;
  return (await api('training.datasets.get', { params: { dataset_id: id } })).data.name;
}

/** @internal Exported for its tests only. */
export const useTrainingNames = create<TrainingNamesState>()((set, get) => {
  const readAt = new Map<NameKind, number>();
  /** Ids read one by one in this world (found or not: asked once). */
  const readOne = new Set<string>();
  const reading = new Map<NameKind, Promise<void>>();
  let generation = dataGeneration();
  return {
    jobs: {},
    datasets: {},
    models: {},
    ensure(kind) {
      if (generation !== dataGeneration()) {
        generation = dataGeneration();
        readAt.clear();
        reading.clear();
        readOne.clear();
        set({ jobs: {}, datasets: {}, models: {} });
      }
      const pending = reading.get(kind);
      if (pending) return pending;
      const at = readAt.get(kind);
      if (at !== undefined && Date.now() - at < FRESH_MS) return Promise.resolve();
      readAt.set(kind, Date.now());
      const readFor = generation;
      const read = readNames(kind)
        .then((items) => {
          // An answer of the world before a switch names nothing of this one.
          if (readFor === dataGeneration())
            set((s) => ({ [kind]: { ...s[kind], ...Object.fromEntries(items.map((i) => [i.id, i.name])) } }));
        })
        // A failed read leaves the ids shown; the next read is a minute away like any other.
        .catch(() => undefined)
        .finally(() => reading.delete(kind));
      reading.set(kind, read);
      return read;
    },
    async ensureOne(kind, id) {
      await get().ensure(kind);
      const key = `${kind}:${id}`;
      if (get()[kind][id] !== undefined || readOne.has(key)) return;
      readOne.add(key);
      const readFor = generation;
      try {
        const name = await readName(kind, id);
        if (readFor === dataGeneration()) set((s) => ({ [kind]: { ...s[kind], [id]: name } }));
      } catch {
        // Gone or unreadable: the id stays shown.
      }
    },
  };
});

/** The name of a training job, dataset or model (its kind's list read, else its own read); null while unknown. */
export function useTrainingName(kind: NameKind, id: string | null | undefined): string | null {
  useEffect(() => {
    if (id) void useTrainingNames.getState().ensureOne(kind, id);
  }, [kind, id]);
  return useTrainingNames((s) => (id ? (s[kind][id] ?? null) : null));
}

/** Every known name of the kind, read once for a whole list (its rows look names up here). */
export function useTrainingNameMap(kind: NameKind): Readonly<Record<string, string>> {
  useEffect(() => {
    void useTrainingNames.getState().ensure(kind);
  }, [kind]);
  return useTrainingNames((s) => s[kind]);
}
