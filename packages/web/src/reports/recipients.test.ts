import { describe, expect, it } from 'vitest';
import { invalidEmails, parseRecipients, recipientTarget, targetOf, webhookError } from './recipients';

describe('report recipients', () => {
  it('splits a typed list on commas, semicolons and blanks', () => {
    expect(parseRecipients(' a@x.org, b@y.org;c@z.org\n d@w.org ,, ')).toEqual([
      'a@x.org',
      'b@y.org',
      'c@z.org',
      'd@w.org',
    ]);
    expect(recipientTarget('a@x.org;b@y.org')).toBe('a@x.org, b@y.org');
  });

  it('names the entries that are not addresses', () => {
    expect(invalidEmails('a@x.org, nobody, b@y, @x.org')).toEqual(['nobody', 'b@y', '@x.org']);
    expect(invalidEmails('a@x.org')).toEqual([]);
  });

  it('reads a target from an object or from the JSON text Superset answers', () => {
    expect(targetOf({ target: 'a@x.org' })).toBe('a@x.org');
    expect(targetOf('{"target": "b@y.org"}')).toBe('b@y.org');
    expect(targetOf('not json')).toBe('');
  });

  it('accepts only http(s) webhooks', () => {
    expect(webhookError('https://hooks.example.org/x')).toBeNull();
    expect(webhookError('ftp://x.org')).toMatch(/http/);
    expect(webhookError('nope')).toBe('Invalid webhook URL');
  });
});
