// The semantic layer as the compiler sees it: the dataset's saved columns and measures and the cohorts a request
// names, loaded before compiling (semantic/chart-catalog.ts) and looked up here by name or id.
import type { MeasureDraft } from '@nezha/core';
import { parseParams } from '../../saved-charts/form-data.js';
import { measureDrafts } from '../../semantic/measure-definitions.js';
import type { CohortRow, MeasureRow, SavedColumnRow } from '../../store/schema-charts.js';

export interface SemanticCatalog {
  savedColumns: readonly SavedColumnRow[];
  measures: readonly MeasureRow[];
  /** The cohorts the request refers to, directly or through other cohorts, whatever their dataset. */
  cohorts: ReadonlyMap<number, CohortRow>;
}

export const EMPTY_CATALOG: SemanticCatalog = { savedColumns: [], measures: [], cohorts: new Map() };

/** One definition of a saved measure, which a chart names as a metric. */
export interface MeasureDefinition {
  /** Unique per definition: what cycles among calculated measures are detected by. */
  key: string;
  name: string;
  measureName: string;
  /** calculated_measure definitions combine other measures; the others aggregate a column or are custom SQL. */
  calculated: boolean;
  draft: MeasureDraft;
}

/**
 * Measures by the names charts use: each definition's name, and a one-definition measure's own name too. The
 * first measure to claim a name keeps it; names also match case-insensitively, as their uniqueness is checked.
 */
export class MeasureIndex {
  private readonly exact = new Map<string, MeasureDefinition>();
  private readonly folded = new Map<string, MeasureDefinition>();

  constructor(measures: readonly MeasureRow[]) {
    for (const measure of measures) {
      const drafts = measureDrafts(parseParams(measure.params), undefined, measure.measure_name);
      drafts.forEach((draft, index) => {
        const name = draft.name?.trim();
        if (!name) return;
        const definition: MeasureDefinition = {
          key: `${measure.id}:${index}`,
          name,
          measureName: measure.measure_name,
          calculated: measure.viz_type === 'calculated_measure',
          draft,
        };
        this.add(name, definition);
        if (drafts.length === 1) this.add(measure.measure_name, definition);
      });
    }
  }

  private add(name: string, definition: MeasureDefinition): void {
    if (!this.exact.has(name)) this.exact.set(name, definition);
    const folded = name.toLowerCase();
    if (!this.folded.has(folded)) this.folded.set(folded, definition);
  }

  get(name: string): MeasureDefinition | undefined {
    return this.exact.get(name) ?? this.folded.get(name.toLowerCase());
  }
}
