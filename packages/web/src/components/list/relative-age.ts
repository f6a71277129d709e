// The server's English ages ("3 days ago", changed_on_delta_humanized) read in the page's language through
// Intl.RelativeTimeFormat; English pages keep the server's words.
import { i18n } from '../../i18n/i18n';

const AGE = /^(in )?(?:(a few seconds)|an? (year|month|day|hour|minute)|(\d+) (year|month|day|hour|minute)s)( ago)?$/;

/** "2 hours ago" in the given language (i18next's code, e.g. "pt_BR"); unchanged when English or not an age. */
export function localizedAge(humanized: string, language: string = i18n.language): string {
  const match = AGE.exec(humanized);
  if (!match || language === 'en' || !language) return humanized;
  const [, future, fewSeconds, oneUnit, count, unit] = match;
  const format = new Intl.RelativeTimeFormat(language.replace('_', '-'), { numeric: 'auto' });
  const sign = future ? 1 : -1;
  if (fewSeconds) return format.format(0, 'second');
  const value = oneUnit ? 1 : Number(count);
  return format.format(sign * value, (oneUnit ?? unit) as Intl.RelativeTimeFormatUnit);
}
