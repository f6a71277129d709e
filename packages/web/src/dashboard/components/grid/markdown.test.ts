// The markdown component's renderer: the common syntax, and no way to inject markup.
import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './markdown';

describe('renderMarkdown', () => {
  it('renders headers, paragraphs, emphasis, lists and line breaks', () => {
    expect(renderMarkdown('# Title\n\nSome **bold** and *italic* text.\n\n- one\n- two\n\n<br />')).toBe(
      '<h1>Title</h1>\n<p>Some <strong>bold</strong> and <em>italic</em> text.</p>\n<ul><li>one</li><li>two</li></ul>\n<p><br /></p>',
    );
  });

  it('escapes HTML and refuses script links', () => {
    const html = renderMarkdown('<img src=x onerror=alert(1)> [x](javascript:alert(1)) [ok](https://example.com)');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
  });

  it('keeps code blocks verbatim', () => {
    expect(renderMarkdown('```\n**not bold**\n```')).toBe('<pre><code>**not bold**</code></pre>');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('refuses the link target %j', (target) => {
    expect(safeHref(target)).toBeNull();
    const html = renderMarkdown(`[click](${target})`);
    expect(html).not.toContain('<a');
    expect(html).toContain('click');
  });

  it.each(['https://example.com/a?b=1&c=2', 'http://example.com', 'mailto:me@example.com', '/dashboard/list/', '#top'])(
    'keeps the link target %j',
    (target) => {
      expect(safeHref(target)).toBe(target);
    },
  );
});
