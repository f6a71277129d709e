// CSS templates of the metadata store: named stylesheets a dashboard's CSS editor can start from.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { UserNames } from './annotations.js';
import { andAll, filterCondition, type ListOptions } from './list.js';
import type { MetadataSchema } from './schema.js';
import type { CssTemplateRow } from './schema-annotations.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export const CSS_TEMPLATE_LIST_COLUMNS: Record<string, string> = {
  id: 'css_templates.id',
  template_name: 'css_templates.template_name',
  css: 'css_templates.css',
  created_on: 'css_templates.created_on',
  changed_on: 'css_templates.changed_on',
  changed_on_delta_humanized: 'css_templates.changed_on',
  created_by: 'css_templates.created_by_fk',
  changed_by: 'css_templates.changed_by_fk',
  'created_by.first_name': 'creator.first_name',
  'changed_by.first_name': 'changer.first_name',
};

export type CssTemplateRecord = CssTemplateRow & UserNames;

export interface CssTemplateValues {
  template_name: string;
  css: string;
}

function withNames(db: Db) {
  return db
    .selectFrom('css_templates')
    .leftJoin('ab_user as creator', 'creator.id', 'css_templates.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'css_templates.changed_by_fk')
    .selectAll('css_templates')
    .select([
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

export async function listCssTemplates(db: Db, options: ListOptions) {
  const where = andAll(
    options.filters.map((f) => filterCondition(CSS_TEMPLATE_LIST_COLUMNS[f.col] ?? 'css_templates.id', f.opr, f.value)),
  );
  const { count } = await db
    .selectFrom('css_templates')
    .leftJoin('ab_user as creator', 'creator.id', 'css_templates.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'css_templates.changed_by_fk')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const orderRef = CSS_TEMPLATE_LIST_COLUMNS[options.orderColumn ?? 'template_name'] ?? 'css_templates.template_name';
  const rows: CssTemplateRecord[] = await withNames(db)
    .where(where)
    .orderBy(sql.ref(orderRef), options.orderDirection)
    .orderBy('css_templates.id', options.orderDirection)
    .offset(options.page * options.pageSize)
    .limit(options.pageSize)
    .execute();
  return { count: Number(count), rows };
}

export async function getCssTemplate(db: Db, id: number): Promise<CssTemplateRecord | undefined> {
  return withNames(db).where('css_templates.id', '=', id).executeTakeFirst();
}

export async function insertCssTemplate(db: Db, userId: number, values: CssTemplateValues): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('css_templates')
    .values({ ...values, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCssTemplate(db: Db, userId: number, id: number, values: Partial<CssTemplateValues>) {
  await db
    .updateTable('css_templates')
    .set({ ...values, changed_on: nowIso(), changed_by_fk: userId })
    .where('id', '=', id)
    .execute();
}

/** All of them or none: false when any id is missing. */
export async function deleteCssTemplates(db: Kysely<MetadataSchema>, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('css_templates').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) return false;
    await trx.deleteFrom('css_templates').where('id', 'in', unique).execute();
    return true;
  });
}
