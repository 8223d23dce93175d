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
