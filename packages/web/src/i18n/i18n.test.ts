// Locale codes from the server map onto the spec's 14 locales.
import { describe, expect, it, vi } from 'vitest';

vi.mock('react-i18next', () => ({ initReactI18next: { type: '3rdParty', init: () => {} } }));

const { toSupportedLocale, t } = await import('./i18n');

describe('i18n', () => {
  it('keeps a supported locale', () => {
    expect(toSupportedLocale('fr')).toBe('fr');
    expect(toSupportedLocale('pt_BR')).toBe('pt_BR');
  });

  it('reads a dashed locale as the underscored one', () => {
    expect(toSupportedLocale('pt-BR')).toBe('pt_BR');
  });

  it('falls back to the language, then to English', () => {
    expect(toSupportedLocale('de_AT')).toBe('de');
    expect(toSupportedLocale('xx')).toBe('en');
    expect(toSupportedLocale(undefined)).toBe('en');
  });

  it('returns the English sentence itself, dots and colons included', () => {
    expect(t('Unexpected error: see below.')).toBe('Unexpected error: see below.');
    expect(t('Hello {{name}}', { name: 'Ada' })).toBe('Hello Ada');
  });
});

describe('catalogues', () => {
  it('takes English plurals from the English files', () => {
    expect(t('{{count}} permissions', { count: 1 })).toBe('1 permission');
    expect(t('{{count}} permissions', { count: 3 })).toBe('3 permissions');
  });
});

describe('core messages', () => {
  it('writes normalizeError’s fixed messages in the active language', async () => {
    const { applyLocale } = await import('./i18n');
    const { translateCoreMessage } = await import('./core-messages');
    await applyLocale('fr');
    expect(translateCoreMessage('Network error')).toBe('Erreur réseau');
    expect(translateCoreMessage('Unexpected error: Network error')).toBe('Erreur inattendue : Erreur réseau');
    expect(translateCoreMessage('division by zero')).toBe('division by zero');
    await applyLocale('en');
    expect(translateCoreMessage('Network error')).toBe('Network error');
  });
});
