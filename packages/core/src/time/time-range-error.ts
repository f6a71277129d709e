// The error every time-range parser throws, so callers can tell a bad time range from a bug.

export class TimeRangeError extends Error {
  override name = 'TimeRangeError';
}

/** Superset's TimeRangeParseFailError text. */
export function cannotParseMessage(text: string): string {
  return `Cannot parse time string [${text}]`;
}

/** Superset's TimeRangeAmbiguousError text, for "7 days" without a direction. */
export function ambiguousMessage(text: string): string {
  return `Time string is ambiguous. Please specify [${text} ago] or [${text} later].`;
}

export const FROM_AFTER_TO_MESSAGE = 'From date cannot be larger than to date';

/** Superset's TimeDeltaAmbiguousError text, for a time comparison without "ago" or "later". */
export function deltaAmbiguousMessage(text: string): string {
  return `Time delta is ambiguous. Please specify [${text} ago] or [${text} later].`;
}
