// What chart SQL needs per engine beyond the dialect (each engine's folder states it: engines/<engine>/<engine>-sql.ts).
// Engines lacking an aggregate get it through a window function.
import { type ChartEngineSql, PARTITION, timeOrder } from '../../engines/capabilities.js';
import { engineByName } from '../../engines/registry.js';
import type { EngineName } from '../../engines/types.js';

export { type ChartEngineSql, PARTITION } from '../../engines/capabilities.js';

export function chartEngineSql(engine: EngineName): ChartEngineSql {
  return engineByName(engine).chartSql;
}

/** FIRST/LAST through FIRST_VALUE over the group's rows; the assembler fills in PARTITION. */
export function orderedWindow(valueSql: string, timeSql: string, last: boolean): string {
  return (
    `FIRST_VALUE(${valueSql}) OVER (${PARTITION} ORDER BY ${timeOrder(timeSql, last)} ` +
    'ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)'
  );
}
