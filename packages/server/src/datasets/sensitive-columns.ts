// Sensitive columns: names compared as the engines would, and whether a SQL expression reads one.
import type { EngineName } from '../engines/types.js';
import { tokenize } from '../sql/index.js';

export function isSensitiveName(name: string, sensitive: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return sensitive.some((item) => item.toLowerCase() === lower);
}

/** The name a word or quoted identifier token stands for ("a""b" → a"b, [x] → x). */
function identifierText(text: string): string {
  const open = text[0];
  if (open === '"' || open === '`') return text.slice(1, -1).replaceAll(open + open, open);
  if (open === '[') return text.slice(1, -1);
  return text;
}

/** True when `expression` names a sensitive column anywhere (a calculated column would leak its values). */
export function mentionsSensitive(expression: string, sensitive: readonly string[], engine: EngineName): boolean {
  if (sensitive.length === 0) return false;
  return tokenize(expression, engine).some(
    (token) =>
      (token.type === 'word' || token.type === 'identifier') &&
      // token.name: the name as a backslash-escaping engine reads it (ClickHouse's "pass\word" is password).
      isSensitiveName(token.name ?? identifierText(token.text), sensitive),
  );
}
