import { describe, expect, it } from 'vitest';
import { localizedAge } from './relative-age';

describe('localizedAge', () => {
  it('keeps the server words on an English page', () => {
    expect(localizedAge('a minute ago', 'en')).toBe('a minute ago');
  });

  it('reads an age in the page language', () => {
    expect(localizedAge('3 days ago', 'fr')).toBe('il y a 3 jours');
    expect(localizedAge('an hour ago', 'de')).toBe('vor 1 Stunde');
    expect(localizedAge('in 2 months', 'pt_BR')).toBe('em 2 meses');
    expect(localizedAge('a few seconds ago', 'fr')).toBe('maintenant');
  });

  it('leaves text that is not an age alone', () => {
    expect(localizedAge('2026-01-01', 'fr')).toBe('2026-01-01');
  });
});
