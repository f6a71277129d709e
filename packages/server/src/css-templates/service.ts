// CSS templates (Superset's css template commands): shared stylesheets any caller with the CssTemplate
// permissions reads and changes.
import { humanizeDelta } from '@nezha/core';
import { auditUsers } from '../annotations/serialize.js';
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import {
  type CssTemplateRecord,
  type CssTemplateValues,
  getCssTemplate,
  insertCssTemplate,
  listCssTemplates,
  deleteCssTemplates as storeDelete,
  updateCssTemplate as storeUpdate,
} from '../store/css-templates.js';
import type { ListOptions } from '../store/list.js';

function serializeCssTemplate(row: CssTemplateRecord) {
  return {
    id: row.id,
    template_name: row.template_name,
    css: row.css,
    ...auditUsers(row),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
  };
}

const notFound = () => new HttpError(404, 'Not found');

export async function listTemplates(ctx: AppContext, options: ListOptions) {
  const { count, rows } = await listCssTemplates(ctx.store.db, options);
  return { count, ids: rows.map((row) => row.id), result: rows.map(serializeCssTemplate) };
}

export async function readTemplate(ctx: AppContext, id: number) {
  const row = await getCssTemplate(ctx.store.db, id);
  if (!row) throw notFound();
  return { id, result: serializeCssTemplate(row) };
}

export async function createTemplate(ctx: AppContext, user: AuthUser, values: CssTemplateValues) {
  const id = await insertCssTemplate(ctx.store.db, user.id, values);
  return { id, result: values };
}

export async function updateTemplate(ctx: AppContext, user: AuthUser, id: number, input: Partial<CssTemplateValues>) {
  if (!(await getCssTemplate(ctx.store.db, id))) throw notFound();
  const values = Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined),
  ) as Partial<CssTemplateValues>;
  await storeUpdate(ctx.store.db, user.id, id, values);
  return { id, result: values };
}

export async function deleteTemplates(ctx: AppContext, ids: number[]): Promise<void> {
  if (!(await storeDelete(ctx.store.db, ids))) throw notFound();
}
