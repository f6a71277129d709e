// Template parameters are JSON text on the tab: parsed for the editor's validity mark and parameter count.
import { i18nKey } from '../../i18n/i18n';

export type TemplateParamsCheck =
  | { valid: true; params: Record<string, unknown>; count: number }
  | { valid: false; error: string };

/** Blank text means no parameters; anything else must be a JSON object. */
export function checkTemplateParams(text: string | null | undefined): TemplateParamsCheck {
  if (text === null || text === undefined || text.trim() === '') return { valid: true, params: {}, count: 0 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { valid: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { valid: false, error: i18nKey('Template parameters must be a JSON object') };
  }
  const params = parsed as Record<string, unknown>;
  return { valid: true, params, count: Object.keys(params).length };
}

function levenshtein(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] as number;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] as number) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[b.length] as number;
}

/** "Did you mean" for undefined parameters: defined names at most two edits away (Superset's rule). */
export function suggestParameters(
  undefinedParameters: readonly string[],
  definedNames: readonly string[],
): Array<{ parameter: string; suggestions: string[] }> {
  return undefinedParameters
    .map((parameter) => ({
      parameter,
      suggestions: definedNames.filter((name) => levenshtein(parameter, name) <= 2),
    }))
    .filter((entry) => entry.suggestions.length > 0);
}
