// Recipient lists as typed in the dialogs: "a@x.org, b@y.org" ↔ Superset's recipient_config_json.target.
import { t } from '../i18n/i18n';

/** The addresses of a typed list: split on commas, semicolons and blanks, empty ones dropped. */
export function parseRecipients(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

// One @, something on each side, a dot in the domain and no blanks: the server checks for real; this catches typos.
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The entries of a typed list that are not email addresses. */
export function invalidEmails(text: string): string[] {
  return parseRecipients(text).filter((address) => !EMAIL.test(address));
}

/** Superset keeps several addresses in one target, comma-separated. */
export const recipientTarget = (text: string): string => parseRecipients(text).join(', ');

/** A webhook target must be an http(s) URL. */
export function webhookError(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:'
      ? null
      : t('A webhook URL starts with http(s)://');
  } catch {
    return t('Invalid webhook URL');
  }
}

/** A recipient config as stored: an object, or its JSON text in Superset's show answer. */
export function targetOf(config: { target: string } | string): string {
  if (typeof config !== 'string') return config.target ?? '';
  try {
    const parsed = JSON.parse(config) as { target?: unknown };
    return typeof parsed.target === 'string' ? parsed.target : '';
  } catch {
    return '';
  }
}
