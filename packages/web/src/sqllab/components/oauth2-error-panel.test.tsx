import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { registerDefaultErrorPanels } from './default-error-panels';
import { oauth2UrlOf } from './error-details';
import { getErrorPanel } from './error-panel-registry';
import OAuth2ErrorPanel from './OAuth2ErrorPanel';

const redirect = (url: unknown) => ({
  error_type: 'OAUTH2_REDIRECT' as const,
  level: 'warning' as const,
  message: "You don't have permission to access the data.",
  extra: { url, tab_id: 'tab-1', redirect_uri: 'http://localhost/oauth2/' },
});

describe('the OAuth2 error panel', () => {
  it('renders both OAuth2 error types', () => {
    registerDefaultErrorPanels();
    expect(getErrorPanel('OAUTH2_REDIRECT')).toBe(OAuth2ErrorPanel);
    expect(getErrorPanel('OAUTH2_REDIRECT_ERROR')).toBe(OAuth2ErrorPanel);
  });

  it('links to an http(s) authorization address only', () => {
    expect(oauth2UrlOf(redirect('https://accounts.example.com/o/oauth2/auth?state=x'))).toBe(
      'https://accounts.example.com/o/oauth2/auth?state=x',
    );
    expect(oauth2UrlOf(redirect('javascript:alert(1)'))).toBeNull();
    expect(oauth2UrlOf(redirect(42))).toBeNull();
    expect(oauth2UrlOf({ error_type: 'OAUTH2_REDIRECT_ERROR', extra: { url: 'https://x.example/' } })).toBeNull();
  });

  it('asks for authorization through a new tab, and names a failed authorization', () => {
    const asking = renderToStaticMarkup(
      createElement(OAuth2ErrorPanel, { error: redirect('https://accounts.example.com/auth') }),
    );
    expect(asking).toContain('Authorization needed');
    expect(asking).toContain('href="https://accounts.example.com/auth"');
    expect(asking).toContain('target="_blank"');
    const unsafe = renderToStaticMarkup(createElement(OAuth2ErrorPanel, { error: redirect('javascript:alert(1)') }));
    expect(unsafe).not.toContain('javascript:');
    const failed = renderToStaticMarkup(
      createElement(OAuth2ErrorPanel, {
        error: {
          error_type: 'OAUTH2_REDIRECT_ERROR',
          level: 'error',
          message: 'invalid_grant: code expired',
          extra: {},
        },
      }),
    );
    expect(failed).toContain('OAuth2 authorization failed');
    expect(failed).toContain('invalid_grant: code expired');
  });
});
