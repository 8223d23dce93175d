// Money as the cost views show it: the cluster area's currency, always two decimals.
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency = 'USD'): string {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(currency, format);
  }
  return format.format(amount);
}

/** An hourly rate, e.g. `$3.20/h`. */
export function formatHourly(amount: number, currency = 'USD'): string {
  return `${formatMoney(amount, currency)}/h`;
}

/**
 * Under a total of exact amounts whose parts are shown to the cent (issue 18 part 2 #4): the
 * total stays the exact sum (the API's, as every view shows it); when the parts shown add to a
 * different figure, this says what they add to, else null.
 */
export function partsSumNote(total: number, parts: readonly number[], currency = 'USD'): string | null {
  // The cents formatMoney writes (Intl rounds the shortest decimal, half away from zero).
  const cents = (v: number) => Math.round(Number(formatMoney(v, currency).replace(/[^\d.-]/g, '')) * 100);
  const shownSum = parts.reduce((s, p) => s + cents(p), 0) / 100;
  if (cents(total) / 100 === shownSum) return null;
  return `the parts shown to the cent add to ${formatMoney(shownSum, currency)}; the total is of the exact amounts`;
}
