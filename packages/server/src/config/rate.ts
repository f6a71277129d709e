// Rate settings written as Superset writes AUTH_RATE_LIMIT ("5 per second", "10/minute", "3 per 2 seconds").
export interface Rate {
  /** Attempts allowed inside one window. */
  limit: number;
  windowMs: number;
}

const UNIT_MS: Record<string, number> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** Throws with the setting's name on anything it cannot read, so a typo stops the server instead of disabling a limit. */
export function parseRate(text: string, settingName: string): Rate {
  const match = /^\s*(\d+)\s*(?:\/|per)\s*(\d+)?\s*(millisecond|second|minute|hour|day)s?\s*$/i.exec(text);
  const unit = match?.[3] ? UNIT_MS[match[3].toLowerCase()] : undefined;
  const limit = Number(match?.[1]);
  const count = match?.[2] === undefined ? 1 : Number(match[2]);
  if (!unit || !Number.isInteger(limit) || limit < 1 || count < 1) {
    throw new Error(`${settingName} must read like "5 per second" or "10 per 2 minutes", got "${text}"`);
  }
  return { limit, windowMs: unit * count };
}
