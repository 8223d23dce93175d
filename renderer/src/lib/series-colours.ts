// The colours of series told apart by colour alone (a chart's GPUs, runs, groups): Tableau 10,
// then hues a golden angle apart, so any number of series get distinct colours in a stable order.
const TABLEAU_10 = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

export function seriesColor(index: number): string {
  return TABLEAU_10[index] ?? `hsl(${Math.round((index * 137.508) % 360)} 60% 55%)`;
}
