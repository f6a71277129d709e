// How run times read on the list and the execution log: UTC timestamps and run durations (Superset's fDuration).

/** A server timestamp (ISO text, naive meaning UTC, or epoch milliseconds) as a Date, or null. */
export function parseServerTime(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return new Date(value);
  // Superset's naive datetimes are UTC.
  const text = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2024-05-06 09:30:05" in UTC, as the log's "(UTC)" columns say. */
export function formatUtc(value: string | number | null | undefined): string {
  const date = parseServerTime(value);
  if (!date) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** The time a run took, "HH:mm:ss.SS"; empty while it runs. */
export function formatDuration(start: string | null, end: string | null): string {
  const from = parseServerTime(start);
  const to = parseServerTime(end);
  if (!from || !to) return '';
  const ms = Math.max(0, to.getTime() - from.getTime());
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const hundredths = Math.floor((ms % 1000) / 10);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(hundredths)}`;
}
