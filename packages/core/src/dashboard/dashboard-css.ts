// What a dashboard's custom CSS may load: nothing from another host. One rule for the server (which refuses such CSS
// when it is saved) and the browser (which strips it before applying), parsed with PostCSS rather than matched by
// pattern, with CSS escapes decoded first (`\75 rl(` is `url(`). Imported by subpath (`@nezha/core/dashboard-css`)
// so PostCSS stays out of pages that never apply dashboard CSS.
import postcss, { type Root } from 'postcss';

export interface OutsideResource {
  /** `@import` rules load a style sheet; `url` covers url(), src() and image-set() in any declaration or at-rule. */
  kind: 'import' | 'url';
  target: string;
}

/** CSS escapes decoded as the CSS tokenizer would: hex code points, escaped newlines dropped, anything else itself. */
export function decodeCssEscapes(text: string): string {
  return text.replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|([\s\S]))/g, (_m, hex, newline, other) => {
    if (hex) {
      const code = Number.parseInt(hex, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
        ? '\uFFFD'
        : String.fromCodePoint(code);
    }
    if (newline) return '';
    return other ?? '';
  });
}

function trimControls(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end -= 1;
  return text.slice(start, end);
}

/**
 * True when loading `url` would reach beyond this site: an absolute URL with any scheme but data:, or a
 * protocol-relative one (`//host`, and `/\host`, which browsers read the same way). Relative paths and fragments stay.
 */
export function isOutsideUrl(url: string): boolean {
  // The URL parser drops tabs and newlines anywhere and C0 controls and spaces at the ends.
  const cleaned = trimControls(url.replace(/[\t\n\r]/g, ''));
  if (/^[/\\]{2}/.test(cleaned)) return true;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1];
  return scheme !== undefined && scheme.toLowerCase() !== 'data';
}

const QUOTED = /"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'/g;

/** Every URL a value names: url() arguments, and the strings of src() and image-set() (which take bare strings). */
function urlsIn(rawValue: string): string[] {
  const value = decodeCssEscapes(rawValue);
  const urls: string[] = [];
  for (const match of value.matchAll(/url\(\s*(?:"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'|([^)]*))\s*\)/gi)) {
    urls.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  // The strings of these functions are URLs; every string of such a value is checked, which can only err on the side
  // of refusing.
  if (/(?:^|[^\w-])(?:-webkit-)?(?:image-set|src)\(/i.test(value)) {
    for (const match of value.matchAll(QUOTED)) urls.push(match[1] ?? match[2] ?? '');
  }
  return urls;
}

function importTargets(params: string): string[] {
  const value = decodeCssEscapes(params);
  const fromUrl = urlsIn(value);
  if (fromUrl.length > 0) return fromUrl;
  const quoted = QUOTED.exec(value);
  QUOTED.lastIndex = 0;
  return [quoted?.[1] ?? quoted?.[2] ?? value.trim()];
}

/** Walks the parsed sheet, calling `found` for each outside resource with the node that names it. */
function walkOutside(
  root: Root,
  found: (resource: OutsideResource, node: postcss.AtRule | postcss.Declaration) => void,
) {
  root.walk((node) => {
    if (node.type === 'atrule') {
      const isImport = decodeCssEscapes(node.name).toLowerCase() === 'import';
      const targets = isImport ? importTargets(node.params) : urlsIn(node.params);
      for (const target of targets.filter(isOutsideUrl)) found({ kind: isImport ? 'import' : 'url', target }, node);
    } else if (node.type === 'decl') {
      for (const target of urlsIn(node.value).filter(isOutsideUrl)) found({ kind: 'url', target }, node);
    }
  });
}

export type CssCheck = { ok: true } | { ok: false; invalid: string } | { ok: false; outside: OutsideResource[] };

/** For the server: the CSS as saved, refused when it does not parse or names an outside resource. */
export function checkDashboardCss(css: string): CssCheck {
  let root: Root;
  try {
    root = postcss.parse(css);
  } catch (error) {
    return { ok: false, invalid: error instanceof Error ? error.message : String(error) };
  }
  const outside: OutsideResource[] = [];
  walkOutside(root, (resource) => outside.push(resource));
  return outside.length === 0 ? { ok: true } : { ok: false, outside };
}

/**
 * For the browser: the CSS without the rules and declarations that load outside resources (CSS saved before the
 * server checked it, or written in the editor and not yet saved). CSS that does not parse is not applied at all.
 */
export function stripOutsideResources(css: string): string {
  let root: Root;
  try {
    root = postcss.parse(css);
  } catch {
    return '';
  }
  const doomed = new Set<postcss.AtRule | postcss.Declaration>();
  walkOutside(root, (_resource, node) => doomed.add(node));
  for (const node of doomed) node.remove();
  return root.toString();
}
