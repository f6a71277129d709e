// Server catalogues: every locale has every message with the same placeholders, and a written English message is
// recognised (as itself or from its template) and put in the reader's language.
import { describe, expect, it } from 'vitest';
import { mailLocale, SERVER_CATALOGUES, translate, translateMessage, translateMessages } from './messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  it('every locale has the same keys, with the placeholders of the key', () => {
    const keys = Object.keys(SERVER_CATALOGUES.fr).sort();
    for (const [locale, catalogue] of Object.entries(SERVER_CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), locale).toEqual(keys);
      for (const [key, value] of Object.entries(catalogue)) {
        expect(placeholders(value), `${locale}: ${key}`).toEqual(placeholders(key));
        expect(value.trim(), `${locale}: ${key}`).not.toBe('');
      }
    }
  });

  it('translates a whole message, and one written from a template with its values', () => {
    expect(translateMessage('fr', 'Not found')).toBe('Introuvable');
    expect(translateMessage('de', 'Longer than maximum length 255.')).toBe('Länger als die maximale Länge 255.');
    expect(translateMessage('ja', 'Must be one of: a, b.')).toBe('次のいずれかである必要があります: a, b。');
    expect(translateMessage('fr', 'Some message no catalogue has')).toBe('Some message no catalogue has');
    expect(translateMessage('en', 'Not found')).toBe('Not found');
  });

  it('translates the messages of a validation answer, never its field names', () => {
    expect(
      translateMessages('fr', { name: ['Missing data for required field.'], nested: { 0: ['Not a valid list.'] } }),
    ).toEqual({
      name: ['Donnée manquante pour un champ obligatoire.'],
      nested: { 0: ["Ce n'est pas une liste valide."] },
    });
  });

  it('writes report mails in the saved language, English without one', () => {
    expect(translate(mailLocale('ru'), '[Report] {{name}}', { name: 'Продажи' })).toBe('[Отчёт] Продажи');
    expect(translate(mailLocale(null), '[Alert] {{name}}', { name: 'Stock' })).toBe('[Alert] Stock');
  });
});
