// The training lists' order and page (03-endpoints-training.md: `limit`, `offset`, `sort`,
// `order` of the dataset, model, job, tuning and experiment lists): by a key, equal keys by id so
// an item never moves between two reads of the same page; then the page and its pagination.

export type SortKey<T> = (item: T) => number | string;

/** Sorts `items` in place by `key` (equal keys by id), ascending or descending. */
export function sortByKey<T extends { id: string }>(items: T[], key: SortKey<T>, order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return items.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * sign;
  });
}

/** The page at `offset` of at most `limit` items, and the pagination the lists answer with. */
export function pageOf<T>(items: readonly T[], query: { offset: number; limit: number }) {
  const page = items.slice(query.offset, query.offset + query.limit);
  return {
    page,
    pagination: { total: items.length, limit: query.limit, offset: query.offset, hasMore: query.offset + page.length < items.length },
  };
}
