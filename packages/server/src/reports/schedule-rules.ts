// What a schedule's fields must be: a crontab croner reads, a time zone Intl knows, email addresses.
import { Cron } from 'croner';

/** A crontab croner reads (five fields, or six with seconds, or a @macro), as Superset's croniter.is_valid. */
export function isValidCrontab(text: string): boolean {
  try {
    new Cron(text, { paused: true });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone Intl knows (Superset checks against pytz.all_timezones). */
export function isKnownTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// One address: local@domain.tld, no spaces or angle brackets (marshmallow's Email validator accepts no display name).
export const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Superset's target holds one or more addresses separated by commas or semicolons. */
export function emailTargets(target: string): string[] {
  return target
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
