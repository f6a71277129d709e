// A small, safe markdown renderer for markdown components: headers, emphasis, code, links, lists, quotes, rules
// and <br />. Everything else is escaped, so dashboard text can never inject markup or scripts.

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Links may go to http(s), mail, a path of this site or a fragment. Not `//host` or `/\\host` (browsers read both as
 * another host), nor javascript:, data:, vbscript: or any other scheme. Tabs and newlines are dropped first, as the
 * URL parser drops them (`java\tscript:`).
 */
export function safeHref(url: string): string | null {
  const cleaned = url.replace(/[\t\n\r]/g, '').trim();
  if (/^[/\\]{2}/.test(cleaned)) return null;
  return /^(https?:|mailto:|\/|#)/i.test(cleaned) ? cleaned : null;
}

/** Inline markdown of one escaped line. */
function inline(escaped: string): string {
  return escaped
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/(^|\W)_([^_]+)_(?=\W|$)/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_match, label: string, url: string) => {
      const href = safeHref(url.replace(/&amp;/g, '&'));
      return href ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${label}</a>` : label;
    })
    .replace(/&lt;br\s*\/?&gt;/gi, '<br />');
}

export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const html: string[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let code: string[] | null = null;

  const flushParagraph = () => {
    if (paragraph.length > 0) html.push(`<p>${paragraph.map(inline).join(' ')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) {
      const tag = list.ordered ? 'ol' : 'ul';
      html.push(`<${tag}>${list.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`);
    }
    list = null;
  };

  for (const raw of lines) {
    if (code) {
      if (raw.trim().startsWith('```')) {
        html.push(`<pre><code>${code.join('\n')}</code></pre>`);
        code = null;
      } else {
        code.push(escapeHtml(raw));
      }
      continue;
    }
    const line = escapeHtml(raw);
    const trimmed = line.trim();
    if (trimmed.startsWith('```')) {
      flushParagraph();
      flushList();
      code = [];
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    const bullet = /^[-*+]\s+(.*)$/.exec(trimmed);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(trimmed);
    if (trimmed === '') {
      flushParagraph();
      flushList();
    } else if (heading) {
      flushParagraph();
      flushList();
      const level = heading[1]!.length;
      html.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
    } else if (/^(-{3,}|\*{3,})$/.test(trimmed)) {
      flushParagraph();
      flushList();
      html.push('<hr />');
    } else if (bullet || numbered) {
      flushParagraph();
      const ordered = !!numbered;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (trimmed.startsWith('&gt;')) {
      flushParagraph();
      flushList();
      html.push(`<blockquote>${inline(trimmed.replace(/^&gt;\s?/, ''))}</blockquote>`);
    } else {
      flushList();
      paragraph.push(trimmed);
    }
  }
  if (code) html.push(`<pre><code>${(code as string[]).join('\n')}</code></pre>`);
  flushParagraph();
  flushList();
  return html.join('\n');
}
