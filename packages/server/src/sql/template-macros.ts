// Superset's SQL Lab Jinja macros (current_username, url_param, filter_values, get_filters, where_in).
import type { EngineName } from '../engines/types.js';
import { escapeStringBody, quoteStringLiteral } from './dialect-facts.js';

export interface TemplateUser {
  id: number | string;
  username: string;
  email?: string | null;
}

/** A simple WHERE filter from the caller (dashboard or Explore), in Superset's `{col, op, val}` shape. */
export interface TemplateFilter {
  col: string;
  op: string;
  val: unknown;
}

/** What the macros recorded while rendering: cache-key inputs and the filters they consumed. */
export interface MacroRecord {
  extraCacheKeys: unknown[];
  appliedFilters: string[];
  removedFilters: string[];
}

export interface MacroInput {
  engine: EngineName;
  user: TemplateUser | null;
  urlParams: Readonly<Record<string, string>>;
  filters: readonly TemplateFilter[];
}

type Macro = (...args: unknown[]) => unknown;

function isKeywordArgs(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, '__keywords');
}

/** Python-style binding of positional and keyword arguments (nunjucks passes keywords as a last object). */
function bindArgs(
  macro: string,
  args: readonly unknown[],
  names: readonly string[],
  defaults: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const last = args.at(-1);
  const keywords = isKeywordArgs(last) ? last : {};
  const positional = isKeywordArgs(last) ? args.slice(0, -1) : args;
  if (positional.length > names.length) {
    throw new TypeError(`${macro}() takes at most ${names.length} arguments (${positional.length} given)`);
  }
  const bound: Record<string, unknown> = { ...defaults };
  positional.forEach((value, i) => {
    bound[names[i] as string] = value;
  });
  for (const [key, value] of Object.entries(keywords)) {
    if (key === '__keywords') continue;
    if (!names.includes(key)) throw new TypeError(`${macro}() got an unexpected keyword argument '${key}'`);
    bound[key] = value;
  }
  for (const name of names) {
    if (!Object.hasOwn(bound, name)) throw new TypeError(`${macro}() missing required argument '${name}'`);
  }
  return bound;
}

/** Python truthiness, which Superset's macros rely on (empty lists and strings, 0 and None are false). */
function pythonTruthy(value: unknown): boolean {
  if (Array.isArray(value) || typeof value === 'string') return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** `(v1, v2, …)` with each value a SQL literal of the engine, for `{{ values|where_in }}`. */
export function whereIn(values: unknown, engine: EngineName): string {
  const list = Array.isArray(values) ? values : [values];
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new TypeError(`where_in cannot quote ${value}`);
      return String(value);
    }
    if (typeof value === 'string') return quoteStringLiteral(value, engine);
    throw new TypeError('where_in takes a list of strings, numbers, booleans or None');
  };
  return `(${list.map(literal).join(', ')})`;
}

/** The macros of one render, closed over its user, URL parameters and filters. */
export function buildMacros(input: MacroInput, record: MacroRecord): Record<string, Macro> {
  const cached = (value: unknown, add: unknown): unknown => {
    if (add !== false) record.extraCacheKeys.push(value);
    return value;
  };

  const getFilters = (
    column: unknown,
    removeFilter: unknown,
  ): Array<{ op: string | null; col: string; val: unknown }> => {
    const found: Array<{ op: string | null; col: string; val: unknown }> = [];
    const col = String(column);
    for (const filter of input.filters) {
      if (filter.col !== col || !pythonTruthy(filter.val)) continue;
      if (removeFilter === true && !record.removedFilters.includes(col)) record.removedFilters.push(col);
      if (!record.appliedFilters.includes(col)) record.appliedFilters.push(col);
      const op = typeof filter.op === 'string' ? filter.op.toUpperCase() : null;
      const val = (op === 'IN' || op === 'NOT IN') && !Array.isArray(filter.val) ? [filter.val] : filter.val;
      found.push({ op, col, val });
    }
    return found;
  };

  return {
    current_username: (...args) => {
      const { add_to_cache_keys } = bindArgs('current_username', args, ['add_to_cache_keys'], {
        add_to_cache_keys: true,
      });
      return cached(input.user?.username ?? null, add_to_cache_keys);
    },
    current_user_id: (...args) => {
      const { add_to_cache_keys } = bindArgs('current_user_id', args, ['add_to_cache_keys'], {
        add_to_cache_keys: true,
      });
      return cached(input.user?.id ?? null, add_to_cache_keys);
    },
    current_user_email: (...args) => {
      const { add_to_cache_keys } = bindArgs('current_user_email', args, ['add_to_cache_keys'], {
        add_to_cache_keys: true,
      });
      return cached(input.user?.email ?? null, add_to_cache_keys);
    },
    url_param: (...args) => {
      const a = bindArgs('url_param', args, ['param', 'default', 'add_to_cache_keys', 'escape_result'], {
        default: null,
        add_to_cache_keys: true,
        escape_result: true,
      });
      const param = String(a.param);
      const given = Object.hasOwn(input.urlParams, param) ? input.urlParams[param] : undefined;
      let result: unknown = given ? given : a.default;
      // URL parameters are attacker-controlled text pasted into SQL: quotes are escaped unless asked not to.
      if (a.escape_result !== false && typeof result === 'string' && result)
        result = escapeStringBody(result, input.engine);
      return cached(result, a.add_to_cache_keys);
    },
    get_filters: (...args) => {
      const a = bindArgs('get_filters', args, ['column', 'remove_filter'], { remove_filter: false });
      return getFilters(a.column, a.remove_filter);
    },
    filter_values: (...args) => {
      const a = bindArgs('filter_values', args, ['column', 'default', 'remove_filter'], {
        default: null,
        remove_filter: false,
      });
      const values: unknown[] = [];
      for (const filter of getFilters(a.column, a.remove_filter)) {
        if (Array.isArray(filter.val)) values.push(...filter.val);
        else if (pythonTruthy(filter.val)) values.push(filter.val);
      }
      const result = values.length === 0 && pythonTruthy(a.default) ? [a.default] : values;
      if (result.length > 0) record.extraCacheKeys.push(result);
      return result;
    },
  };
}
