// Reads the web sources with the TypeScript compiler and collects the catalogue keys each area uses, plus the
// places where user-facing text escapes the translation layer. Runs under Node (the guard test and the CLI).
import ts from 'typescript';

/** One use of a catalogue key in code. */
export interface KeyUse {
  key: string;
  /** Called with a `count` option: the catalogues hold the key's plural forms, not the key itself. */
  plural: boolean;
  file: string;
  line: number;
}

/** Something in code the translation layer cannot see or translate. */
export interface SourceProblem {
  file: string;
  line: number;
  message: string;
}

export interface SourceScan {
  uses: KeyUse[];
  problems: SourceProblem[];
}

/**
 * JSX attributes whose value a person reads. A literal with letters in one of these must go through t().
 * Kept in step with the list in /work/wt/I18N.md.
 */
export const USER_FACING_ATTRIBUTES: ReadonlySet<string> = new Set([
  'title',
  'placeholder',
  'label',
  'aria-label',
  'alt',
  'okText',
  'cancelText',
  'tooltip',
  'description',
  'message',
  'emptyText',
  'addonBefore',
  'addonAfter',
  'subTitle',
  'extra',
  'content',
  'checkedChildren',
  'unCheckedChildren',
  'prefix',
  'suffix',
  'help',
  'header',
  'text',
]);

/** Words shown as they are in every language (brands, formats, keys); I18N.md "Do NOT translate". */
export const UNTRANSLATED_WORDS: ReadonlySet<string> = new Set([
  'Nezha',
  'Superset',
  'SQL',
  'Lab',
  'DuckDB',
  'PostgreSQL',
  'MySQL',
  'MariaDB',
  'SQLite',
  'ClickHouse',
  'ECharts',
  'Jinja',
  'CSV',
  'XLSX',
  'JSON',
  'API',
  'URL',
  'ID',
  'UUID',
  'CSS',
  'RLS',
  'SMTP',
  'Slack',
  'Cron',
  'NULL',
  'Ctrl',
  'Cmd',
  'Enter',
  'Shift',
  'Alt',
  'Esc',
  'Tab',
  'px',
  'ms',
  'x',
]);

const LETTER = /\p{L}/u;

/** A placeholder that shows an example of code or data (`SUM(amount)`, `%Y-%m-%d`, a URL, `VARCHAR`). */
export function isCodeSample(text: string): boolean {
  const trimmed = text.trim();
  return /[(){}%=<>'"/\\]/.test(trimmed) || !/\s/.test(trimmed);
}

/** A file whose first lines say `i18n-ignore-file` (a dev-only gallery) is not user-facing. */
const IGNORE_FILE_MARK = /^\s*\/\/.*\bi18n-ignore-file\b/m;

/** True when the text has a letter that is not part of a brand name, a key name or a code token. */
export function hasTranslatableText(text: string): boolean {
  const words = text.match(/[\p{L}\p{N}_.$-]+/gu) ?? [];
  return words.some((word) => {
    const bare = word.replace(/^[.$-]+|[.$-]+$/g, '');
    if (!LETTER.test(bare)) return false;
    if (UNTRANSLATED_WORDS.has(bare)) return false;
    // A code token (snake_case, dotted.path, camelCase identifier) is data, not prose.
    if (/[_.$]/.test(bare) || /^[a-z]+[A-Z]\w*$/.test(bare)) return false;
    return true;
  });
}

function isTCallee(callee: ts.Expression): 'key' | 'mark' | null {
  if (ts.isIdentifier(callee)) {
    if (callee.text === 't') return 'key';
    if (callee.text === 'i18nKey') return 'mark';
    return null;
  }
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === 't') {
    const owner = callee.expression;
    if (ts.isIdentifier(owner) && (owner.text === 'i18n' || owner.text === 'i18next')) return 'key';
  }
  return null;
}

function hasCountOption(options: ts.Expression | undefined): boolean {
  if (!options || !ts.isObjectLiteralExpression(options)) return false;
  return options.properties.some((property) => {
    if (ts.isShorthandPropertyAssignment(property)) return property.name.text === 'count';
    if (ts.isPropertyAssignment(property) || ts.isMethodDeclaration(property)) {
      const name = property.name;
      return (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === 'count';
    }
    return false;
  });
}

/** The literal keys an argument can evaluate to (a literal, or each branch of a conditional); null if dynamic. */
function literalKeys(argument: ts.Expression): string[] | 'built' | null {
  let node = argument;
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    node = node.expression;
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return 'built';
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return 'built';
  if (ts.isConditionalExpression(node)) {
    const whenTrue = literalKeys(node.whenTrue);
    const whenFalse = literalKeys(node.whenFalse);
    if (whenTrue === 'built' || whenFalse === 'built') return 'built';
    if (whenTrue === null || whenFalse === null) return [...(whenTrue ?? []), ...(whenFalse ?? [])];
    return [...whenTrue, ...whenFalse];
  }
  return null;
}

function jsxTagName(element: ts.JsxOpeningLikeElement): string {
  return element.tagName.getText();
}

function insideTrans(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent) && jsxTagName(parent.openingElement) === 'Trans') return true;
  }
  return false;
}

/** The user-facing literal an attribute holds, if any. */
function attributeLiteral(initializer: ts.JsxAttributeValue | undefined): string | null {
  if (!initializer) return null;
  if (ts.isStringLiteral(initializer)) return initializer.text;
  if (ts.isJsxExpression(initializer) && initializer.expression) {
    const expression = initializer.expression;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text;
  }
  return null;
}

/**
 * Scans one source file. `file` is used only to name findings. A dev-only file marked `// i18n-ignore-file` in
 * its first lines still has its keys collected, but its literal text is not reported.
 */
export function scanSource(file: string, text: string): SourceScan {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const uses: KeyUse[] = [];
  const problems: SourceProblem[] = [];
  const ignoreText = IGNORE_FILE_MARK.test(text.slice(0, 500));
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const role = isTCallee(node.expression);
      const first = node.arguments[0];
      if (role && first) {
        const keys = literalKeys(first);
        const callee = node.expression.getText(source);
        if (keys === 'built') {
          problems.push({
            file,
            line: lineOf(node),
            message: `${callee}() is given a built string; pass the whole sentence with {{placeholders}}`,
          });
        } else if (keys) {
          const plural = role === 'key' && hasCountOption(node.arguments[1]);
          for (const key of keys) uses.push({ key, plural, file, line: lineOf(node) });
        } else if (role === 'mark') {
          problems.push({ file, line: lineOf(node), message: 'i18nKey() needs a string literal' });
        }
      }
    }

    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const isTrans = jsxTagName(node) === 'Trans';
      for (const attribute of node.attributes.properties) {
        if (!ts.isJsxAttribute(attribute)) continue;
        const name = attribute.name.getText(source);
        const literal = attributeLiteral(attribute.initializer);
        if (literal === null) continue;
        if (isTrans && name === 'i18nKey') {
          const plural = node.attributes.properties.some(
            (other) => ts.isJsxAttribute(other) && other.name.getText(source) === 'count',
          );
          uses.push({ key: literal, plural, file, line: lineOf(attribute) });
          continue;
        }
        if (name === 'placeholder' && isCodeSample(literal)) continue;
        if (!ignoreText && USER_FACING_ATTRIBUTES.has(name) && hasTranslatableText(literal)) {
          problems.push({
            file,
            line: lineOf(attribute),
            message: `literal text in ${name}="${literal}" outside t()`,
          });
        }
      }
    }

    if (!ignoreText && ts.isJsxText(node) && hasTranslatableText(node.text)) {
      // <Trans i18nKey="…">fallback</Trans> holds the English sentence as its default rendering.
      if (!insideTrans(node)) {
        problems.push({
          file,
          line: lineOf(node),
          message: `literal text "${node.text.trim().replace(/\s+/g, ' ')}" in JSX outside t()`,
        });
      }
    }

    ts.forEachChild(node, visit);
  };
  visit(source);
  return { uses, problems };
}

/** The area of a source path relative to src: its first folder, or `app` for files directly in src. */
export function areaOf(relativePath: string): string {
  const parts = relativePath.split(/[\\/]/);
  return parts.length > 1 ? parts[0]! : 'app';
}

/** Keys by area; a key is plural in an area when any of its uses there passes `count`. */
export type AreaKeys = Map<string, Map<string, { plural: boolean; uses: KeyUse[] }>>;

export function keysByArea(uses: Iterable<KeyUse & { area: string }>): AreaKeys {
  const areas: AreaKeys = new Map();
  for (const use of uses) {
    let keys = areas.get(use.area);
    if (!keys) {
      keys = new Map();
      areas.set(use.area, keys);
    }
    const entry = keys.get(use.key) ?? { plural: false, uses: [] };
    entry.plural ||= use.plural;
    entry.uses.push(use);
    keys.set(use.key, entry);
  }
  return areas;
}
