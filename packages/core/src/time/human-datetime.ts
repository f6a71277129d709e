// One side of a time range in words or digits ("2015-04-03", "2/3/1969", "now", "one year ago"), read as Superset's
// parse_human_datetime does: an absolute date first (python-dateutil), then a relative phrase (parsedatetime).
import { startOfDay } from './calendar.js';
import { parseDateText } from './date-text.js';
import { parsePhrase } from './natural-phrases.js';
import { ambiguousMessage, cannotParseMessage, TimeRangeError } from './time-range-error.js';

const AMBIGUOUS_PERIOD = /^\s*([0-9]+)\s+(second|minute|hour|day|week|month|quarter|year)s?\s*$/i;

export interface ParseContext {
  /** The current instant; injected so that parsing never reads a clock. */
  now: Date;
}

/**
 * A datetime from an absolute date or a relative phrase. "7 days" alone is refused as ambiguous, as Superset
 * does, because it could mean either direction; a phrase without a time of day lands on midnight.
 */
export function parseHumanDateTime(input: string, { now }: ParseContext): Date {
  const text = input.trim();
  if (AMBIGUOUS_PERIOD.test(text)) throw new TimeRangeError(ambiguousMessage(input));
  const absolute = parseDateText(text, now);
  if (absolute) return absolute;
  const phrase = parsePhrase(text, now);
  if (!phrase) throw new TimeRangeError(cannotParseMessage(input));
  return phrase.hasTime ? new Date(phrase.date.getTime()) : startOfDay(phrase.date);
}
