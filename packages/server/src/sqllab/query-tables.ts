// The tables each listed query reads (Superset's `sql_tables` in the Query history list), from the SQL the user wrote,
// parsed with the engine's tokenizer; the RLS-narrowed executed SQL is left alone so rules' own tables never show.
import type { AppContext } from '../app/context.js';
import { engineForUri } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';
import { type TableRead, tablesRead } from '../sql/row-level-rewrite.js';
import { splitStatements } from '../sql/split-statements.js';
import { getDatabase } from '../store/databases.js';

/** Each statement's tables, once each across the script. */
export function scriptTables(sql: string, engine: EngineName): TableRead[] {
  const seen = new Set<string>();
  const tables: TableRead[] = [];
  for (const statement of splitStatements(sql, engine)) {
    for (const table of tablesRead(statement.text, engine)) {
      const key = JSON.stringify([table.catalog, table.schema, table.table]);
      if (seen.has(key)) continue;
      seen.add(key);
      tables.push(table);
    }
  }
  return tables;
}

/** The engine of each database the rows name; a database whose URI no engine claims is left out (no tables shown). */
export async function enginesOfDatabases(ctx: AppContext, ids: Iterable<number>): Promise<Map<number, EngineName>> {
  const engines = new Map<number, EngineName>();
  for (const id of new Set(ids)) {
    const database = await getDatabase(ctx.store.db, id);
    if (!database) continue;
    try {
      engines.set(id, engineForUri(database.sqlalchemy_uri).name);
    } catch {
      // An unknown scheme reads as no tables, as an unparsable script does.
    }
  }
  return engines;
}
