// A small lossless-by-offset SQL tokenizer over one engine's lexical facts. It names no engine itself, so an
// engine's own folder can tokenize with its facts without importing the engine registry (sql/tokenize.ts does).
import type { SqlDialectFacts } from '../engines/capabilities.js';

export type TokenType =
  /** Keywords and bare identifiers. */
  | 'word'
  /** "name", `name`, [name]. */
  | 'identifier'
  /** '…', E'…', $tag$…$tag$, and "…" on MySQL. */
  | 'string'
  | 'number'
  /** ?, $1, $name. */
  | 'parameter'
  /** -- …, # …, /* … *\/, and the markers around MySQL's executable comments. */
  | 'comment'
  | 'open_paren'
  | 'close_paren'
  | 'comma'
  | 'semicolon'
  | 'operator';

export interface Token {
  type: TokenType;
  text: string;
  /** Offsets into the tokenized text: text === sql.slice(start, end). */
  start: number;
  end: number;
  /** Parenthesis depth the token sits at; a parenthesis has the depth outside it. */
  depth: number;
  /** A string, quoted identifier or block comment that reached the end of the input. */
  unterminated?: true;
  /**
   * A quoted identifier's name where backslash escapes make it differ from the text between the quotes with doubled
   * quotes undone (ClickHouse reads "ur\l" as url and "x\x41" as xA).
   */
  name?: string;
}

const NAME_ESCAPES: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  '0': '\0',
  a: '\x07',
  v: '\v',
};

/** The name a quoted identifier's body stands for where backslashes escape (ClickHouse's rules). */
function unescapeName(body: string, quote: string): string {
  // One pass, left to right, as the server reads it: \\"" is a backslash and a doubled quote.
  const doubled = quote === '`' ? '``' : '""';
  return body.replace(/\\(x[0-9a-fA-F]{2}|[\s\S])|""|``/g, (match, sequence: string | undefined) => {
    if (sequence === undefined) return match === doubled ? quote : match;
    if (sequence.length === 3) return String.fromCharCode(Number.parseInt(sequence.slice(1), 16));
    return NAME_ESCAPES[sequence] ?? sequence;
  });
}

const WORD = /[A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*/y;
const NUMBER = /(?:0[xX][0-9a-fA-F]+|(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/y;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/y;
const DOLLAR_PARAM = /\$(?:\d+|[A-Za-z_][\w]*)/y;
const MYSQL_EXEC_COMMENT = /\/\*M?!\d*/y;

function matchAt(re: RegExp, sql: string, at: number): string | null {
  re.lastIndex = at;
  const m = re.exec(sql);
  return m ? m[0] : null;
}

/** End offset of a quoted run opened at `at`, where a doubled `close` (and `\x` when allowed) escapes. */
function scanQuoted(sql: string, at: number, open: number, close: string, backslash: boolean): [number, boolean] {
  let i = at + open;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslash && ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === close) {
      if (sql[i + 1] === close && close !== ']') {
        i += 2;
        continue;
      }
      return [i + 1, true];
    }
    i += 1;
  }
  return [sql.length, false];
}

function scanBlockComment(sql: string, at: number, nested: boolean): [number, boolean] {
  let level = 1;
  let i = at + 2;
  while (i < sql.length) {
    if (sql.startsWith('*/', i)) {
      level -= 1;
      i += 2;
      if (level === 0 || !nested) return [i, true];
      continue;
    }
    if (nested && sql.startsWith('/*', i)) {
      level += 1;
      i += 2;
      continue;
    }
    i += 1;
  }
  return [sql.length, false];
}

function isSpaceOrControl(ch: string | undefined): boolean {
  return ch === undefined || ch <= ' ';
}

/**
 * Tokens of `sql`, whitespace left out. Never throws: unterminated strings, identifiers and comments
 * run to the end and carry `unterminated`, so callers decide between INVALID_SQL_ERROR and SYNTAX_ERROR.
 */
export function scanTokens(sql: string, facts: SqlDialectFacts): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let inExecutableComment = false;
  let i = 0;

  const push = (type: TokenType, end: number, terminated = true, tokenDepth = depth): void => {
    const token: Token = { type, text: sql.slice(i, end), start: i, end, depth: tokenDepth };
    if (!terminated) token.unterminated = true;
    tokens.push(token);
    i = end;
  };

  while (i < sql.length) {
    const ch = sql[i] as string;
    const next = sql[i + 1];

    if (ch <= ' ') {
      i += 1;
      continue;
    }
    if (inExecutableComment && ch === '*' && next === '/') {
      inExecutableComment = false;
      push('comment', i + 2);
      continue;
    }
    if (ch === '-' && next === '-' && (!facts.dashCommentNeedsSpace || isSpaceOrControl(sql[i + 2]))) {
      const nl = sql.indexOf('\n', i);
      push('comment', nl === -1 ? sql.length : nl);
      continue;
    }
    if (ch === '#' && facts.hashComments) {
      const nl = sql.indexOf('\n', i);
      push('comment', nl === -1 ? sql.length : nl);
      continue;
    }
    if (ch === '/' && next === '*') {
      const marker = facts.executableComments && !inExecutableComment ? matchAt(MYSQL_EXEC_COMMENT, sql, i) : null;
      if (marker) {
        // MySQL executes what is inside, so it is tokenized as code between two comment markers.
        inExecutableComment = true;
        push('comment', i + marker.length);
        continue;
      }
      const [end, closed] = scanBlockComment(sql, i, facts.nestedBlockComments);
      push('comment', end, closed);
      continue;
    }
    if (ch === "'") {
      const [end, closed] = scanQuoted(sql, i, 1, "'", facts.backslashEscapes);
      push('string', end, closed);
      continue;
    }
    if (ch === '"' && facts.doubleQuotedStrings) {
      const [end, closed] = scanQuoted(sql, i, 1, '"', facts.backslashEscapes);
      push('string', end, closed);
      continue;
    }
    if (facts.identifierQuotes.includes(ch)) {
      const [end, closed] = scanQuoted(sql, i, 1, ch === '[' ? ']' : ch, facts.backslashEscapesInNames);
      const body = sql.slice(i + 1, closed ? end - 1 : end);
      const name = facts.backslashEscapesInNames && body.includes('\\') ? unescapeName(body, ch) : undefined;
      push('identifier', end, closed);
      if (name !== undefined) (tokens.at(-1) as Token).name = name;
      continue;
    }
    if (ch === '$') {
      const tag = facts.dollarQuotes ? matchAt(DOLLAR_TAG, sql, i) : null;
      if (tag) {
        const close = sql.indexOf(tag, i + tag.length);
        if (close === -1) push('string', sql.length, false);
        else push('string', close + tag.length);
        continue;
      }
      const param = matchAt(DOLLAR_PARAM, sql, i);
      if (param) {
        push('parameter', i + param.length);
        continue;
      }
      push('operator', i + 1);
      continue;
    }
    if ((ch >= '0' && ch <= '9') || (ch === '.' && next !== undefined && next >= '0' && next <= '9')) {
      const num = matchAt(NUMBER, sql, i) ?? ch;
      push('number', i + num.length);
      continue;
    }
    const word = matchAt(WORD, sql, i);
    if (word) {
      if (facts.escapeStringPrefix && word.length === 1 && (word === 'E' || word === 'e') && next === "'") {
        const [end, closed] = scanQuoted(sql, i, 2, "'", true);
        push('string', end, closed);
        continue;
      }
      push('word', i + word.length);
      continue;
    }
    switch (ch) {
      case '(':
        push('open_paren', i + 1);
        depth += 1;
        break;
      case ')':
        depth = Math.max(0, depth - 1);
        push('close_paren', i + 1);
        break;
      case ',':
        push('comma', i + 1);
        break;
      case ';':
        push('semicolon', i + 1);
        break;
      case '?':
        push('parameter', i + 1);
        break;
      default:
        push('operator', i + 1);
    }
  }
  return tokens;
}

/** Tokens that carry meaning: everything but comments. */
export function significantTokens(tokens: readonly Token[]): Token[] {
  return tokens.filter((token) => token.type !== 'comment');
}

/** The first string, identifier or comment left open at the end of the input, if any. */
export function findUnterminated(tokens: readonly Token[]): Token | undefined {
  return tokens.find((token) => token.unterminated);
}

/** True when `token` is the bare word `word` (case-insensitive); quoted identifiers never match. */
export function isWord(token: Token | undefined, ...words: string[]): boolean {
  if (token?.type !== 'word') return false;
  const upper = token.text.toUpperCase();
  return words.includes(upper);
}
