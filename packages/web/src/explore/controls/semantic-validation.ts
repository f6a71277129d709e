// Validation of the semantic viz types' controls with spec §5's messages: measure definitions (core's rules, names
// unique with the dataset's saved measures), calculated measures (parsed, naming known measures), and the custom
// SQL of saved columns (not empty, no sensitive column, no sub-query).
import {
  calculatedMeasureNames,
  checkCustomSql,
  MEASURE_MESSAGES,
  type MeasureDraft,
  parseCalculatedMeasure,
  validateMeasures,
} from '@nezha/core';

export interface SemanticValidationContext {
  /** Names the measures being edited may not take: the dataset's metrics and other saved measures. */
  takenMeasureNames?: readonly string[];
  /** Measures a calculated measure may name: the dataset's saved measures (the one being edited excluded). */
  measureNames?: readonly string[];
  sensitiveColumns?: readonly string[];
}

const draftsOf = (value: unknown): MeasureDraft[] => (Array.isArray(value) ? (value as MeasureDraft[]) : []);

/** The first problem of the definitions, in the spec's words. */
export function validateMeasureDefinitions(value: unknown, context: SemanticValidationContext): string | null {
  return validateMeasures(draftsOf(value), context.takenMeasureNames ?? [])[0]?.message ?? null;
}

/** Calculated definitions: the measure rules, then each expression parses and names only known measures. */
export function validateCalculatedMeasures(value: unknown, context: SemanticValidationContext): string | null {
  const drafts = draftsOf(value).map((draft) => ({ ...draft, expressionType: 'SQL' as const }));
  const first = validateMeasures(drafts, context.takenMeasureNames ?? [])[0];
  if (first) return first.message;
  const known = new Set((context.measureNames ?? []).map((name) => name.trim().toLowerCase()));
  for (const draft of drafts) {
    try {
      const names = calculatedMeasureNames(parseCalculatedMeasure(draft.expression ?? ''));
      if (names.length === 0 || names.some((name) => !known.has(name.toLowerCase()))) {
        return MEASURE_MESSAGES.invalidCalculated;
      }
    } catch {
      return MEASURE_MESSAGES.invalidCalculated;
    }
  }
  return null;
}

/** A saved column's expression: present, and refused where custom SQL is (sensitive column, sub-query). */
export function validateColumnExpression(value: unknown, context: SemanticValidationContext): string | null {
  const expression = typeof value === 'string' ? value.trim() : '';
  if (!expression) return MEASURE_MESSAGES.expressionEmpty;
  return checkCustomSql(expression, context.sensitiveColumns ?? []);
}
