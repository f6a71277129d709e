// Hardening of nunjucks for user-written SQL templates: no path to host objects, bounded work and output.
import nunjucks from 'nunjucks';

/**
 * Names that lead from a template value to Function, Object or a prototype. nunjucks is not a sandbox:
 * `"".constructor.constructor("return process")()` runs code unless these are refused.
 */
export const BLOCKED_NAMES: ReadonlySet<string> = new Set([
  'constructor',
  '__proto__',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'callee',
  'arguments',
  'call',
  'apply',
  'bind',
]);

export interface RenderLimits {
  /** Longest template accepted, in characters. */
  maxTemplateChars: number;
  /** Longest rendered SQL, in characters. */
  maxOutputChars: number;
  /** Loop iterations, lookups and outputs allowed in one render. */
  maxSteps: number;
  /** Wall-clock budget of one render. */
  maxMillis: number;
  /** Largest list range() may build (Jinja's sandbox uses the same bound). */
  maxRange: number;
}

export const DEFAULT_RENDER_LIMITS: Readonly<RenderLimits> = {
  maxTemplateChars: 1024 * 1024,
  maxOutputChars: 10 * 1024 * 1024,
  maxSteps: 5_000_000,
  maxMillis: 2_000,
  maxRange: 100_000,
};

/** A refusal raised while rendering; nunjucks wraps it with the template position. */
export class TemplateGuardError extends Error {}

/** What an `{{ … }}` output expression looks up, to name the parameter when it renders undefined. */
export interface OutputSite {
  symbols: ReadonlySet<string>;
  label: string;
}

interface RenderState {
  limits: RenderLimits;
  deadline: number;
  steps: number;
  outputChars: number;
  sites: ReadonlyMap<string, OutputSite>;
  pendingUndefined: string[];
  undefinedNames: string[];
}

// Rendering is synchronous, so one module-level state is never shared by two renders at a time.
let active: RenderState | null = null;

function tick(state: RenderState): void {
  state.steps += 1;
  if (state.steps > state.limits.maxSteps) {
    throw new TemplateGuardError('The template does too much work to render (too many loop iterations).');
  }
  if ((state.steps & 255) === 0 && Date.now() > state.deadline) {
    throw new TemplateGuardError(`The template took longer than ${state.limits.maxMillis} ms to render.`);
  }
}

export function currentLimits(): RenderLimits {
  return active?.limits ?? DEFAULT_RENDER_LIMITS;
}

/** Refuses a size argument that would make a filter or method build a huge value. */
export function checkSize(value: number, max: number, what: string): void {
  if (!Number.isFinite(value) || value > max) throw new TemplateGuardError(`${what} is limited to ${max}.`);
}

/** Runs `render` with the guards on; returns what it produced and the names that rendered undefined. */
export function runGuarded<T>(
  sites: ReadonlyMap<string, OutputSite>,
  limits: RenderLimits,
  render: () => T,
): { value: T; undefinedNames: string[] } {
  const previous = active;
  const state: RenderState = {
    limits,
    deadline: Date.now() + limits.maxMillis,
    steps: 0,
    outputChars: 0,
    sites,
    pendingUndefined: [],
    undefinedNames: [],
  };
  active = state;
  try {
    return { value: render(), undefinedNames: state.undefinedNames };
  } finally {
    active = previous;
  }
}

// ------------------------------------------------------------------------------------------- output

function pythonString(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  const body = value
    .replaceAll('\\', '\\\\')
    .replaceAll(quote, `\\${quote}`)
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\t', '\\t');
  return `${quote}${body}${quote}`;
}

/** Python's repr, which Jinja prints for lists and dicts (`['a', 'b']`, `{'k': None}`). */
function pythonRepr(value: unknown, depth = 0): string {
  if (depth > 32) throw new TemplateGuardError('The value is nested too deeply to print.');
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return pythonString(value);
  if (value instanceof nunjucks.runtime.SafeString) return pythonString(String(value));
  if (Array.isArray(value)) return `[${value.map((item) => pythonRepr(item, depth + 1)).join(', ')}]`;
  if (typeof value === 'function') return '<function>';
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${pythonString(key)}: ${pythonRepr(item, depth + 1)}`).join(', ')}}`;
}

/** The text Jinja would print for `value`: None, True, False and Python reprs instead of JavaScript's. */
function jinjaText(value: unknown): unknown {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string' || typeof value === 'number' || value instanceof nunjucks.runtime.SafeString) {
    return value;
  }
  return pythonRepr(value);
}

// ------------------------------------------------------------------------------------ member lookup

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

type Method = (...args: unknown[]) => unknown;

const STRING_METHODS = new Set([
  'toUpperCase',
  'toLowerCase',
  'trim',
  'trimStart',
  'trimEnd',
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
  'lastIndexOf',
  'slice',
  'substring',
  'split',
  'charAt',
  'at',
  'localeCompare',
]);
const ARRAY_METHODS = new Set(['slice', 'indexOf', 'lastIndexOf', 'includes', 'at']);

/** Array join that refuses, before building it, a result longer than the output limit. */
export function safeJoin(items: readonly unknown[], separator: string): string {
  let total = 0;
  const parts = items.map((item) => {
    const text = item === null || item === undefined ? '' : String(item);
    total += text.length + separator.length;
    return text;
  });
  checkSize(total, currentLimits().maxOutputChars, 'join() output');
  return parts.join(separator);
}

/** `old` replaced by `replacement` everywhere, as Python does, refused before it grows past the output limit. */
export function pythonReplace(text: string, old: string, replacement: string, count = -1): string {
  const occurrences = old === '' ? text.length + 1 : text.split(old).length - 1;
  const replaced = count < 0 ? occurrences : Math.min(count, occurrences);
  checkSize(
    text.length + replaced * (replacement.length - old.length),
    currentLimits().maxOutputChars,
    'replace() output',
  );
  if (count < 0)
    return old === ''
      ? `${replacement}${[...text].join(replacement)}${replacement}`
      : text.replaceAll(old, () => replacement); // a function, so `$&` in the replacement stays literal
  let result = text;
  let from = 0;
  for (let i = 0; i < replaced; i += 1) {
    const at = result.indexOf(old, from);
    result = result.slice(0, at) + replacement + result.slice(at + old.length);
    from = at + replacement.length;
  }
  return result;
}

function stripChars(text: string, chars: unknown, left: boolean, right: boolean): string {
  const set = typeof chars === 'string' ? chars : null;
  const strip = (ch: string | undefined): boolean =>
    ch !== undefined && (set === null ? ch.trim() === '' : set.includes(ch));
  let start = 0;
  let end = text.length;
  while (left && start < end && strip(text[start])) start += 1;
  while (right && end > start && strip(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** The Python methods Jinja templates call on dicts, strings and lists (`filter.get('op')`, `"','".join(x)`). */
function jinjaMethod(target: unknown, name: string): Method | undefined {
  if (typeof target === 'string') {
    const methods: Record<string, Method> = {
      upper: () => target.toUpperCase(),
      lower: () => target.toLowerCase(),
      strip: (chars) => stripChars(target, chars, true, true),
      lstrip: (chars) => stripChars(target, chars, true, false),
      rstrip: (chars) => stripChars(target, chars, false, true),
      startswith: (prefix) => target.startsWith(String(prefix)),
      endswith: (suffix) => target.endsWith(String(suffix)),
      split: (sep) => (typeof sep === 'string' ? target.split(sep) : target.split(/\s+/).filter(Boolean)),
      replace: (old, replacement, count) =>
        pythonReplace(target, String(old), String(replacement), typeof count === 'number' ? count : -1),
      join: (items) => safeJoin(Array.isArray(items) ? items : [], target),
    };
    return Object.hasOwn(methods, name) ? methods[name] : undefined;
  }
  if (Array.isArray(target)) {
    const methods: Record<string, Method> = {
      join: (separator) => safeJoin(target, separator === undefined ? ',' : String(separator)),
      append: (item) => {
        target.push(item);
        return null;
      },
      index: (item) => target.indexOf(item),
      count: (item) => target.filter((x) => x === item).length,
    };
    return Object.hasOwn(methods, name) ? methods[name] : undefined;
  }
  if (isPlainObject(target)) {
    const methods: Record<string, Method> = {
      get: (key, fallback = null) => (Object.hasOwn(target, String(key)) ? target[String(key)] : fallback),
      keys: () => Object.keys(target),
      values: () => Object.values(target),
      items: () => Object.entries(target),
    };
    return Object.hasOwn(methods, name) ? methods[name] : undefined;
  }
  return undefined;
}

function bound(fn: unknown, self: unknown): unknown {
  return typeof fn === 'function' ? (...args: unknown[]): unknown => Reflect.apply(fn, self, args) : fn;
}

/** Own data, Python-style methods and a short list of harmless string/array methods; nothing inherited. */
function guardedMember(obj: unknown, key: unknown): unknown {
  const target = obj instanceof nunjucks.runtime.SafeString ? String(obj) : obj;
  const name = String(key);
  if (typeof target === 'string') {
    if (name === 'length') return target.length;
    if (/^\d+$/.test(name)) return target[Number(name)];
  } else if (typeof target === 'object' && target !== null && Object.hasOwn(target, name)) {
    return bound((target as Record<string, unknown>)[name], target);
  }
  const method = jinjaMethod(target, name);
  if (method) return method;
  if (typeof target === 'string' && STRING_METHODS.has(name)) return bound(Reflect.get(String.prototype, name), target);
  if (Array.isArray(target) && ARRAY_METHODS.has(name)) return bound(Reflect.get(Array.prototype, name), target);
  if (typeof target === 'number' && name === 'toFixed') {
    return (digits: unknown) => target.toFixed(Math.min(Math.max(Number(digits) || 0, 0), 20));
  }
  return undefined;
}

// ------------------------------------------------------------------------------------ runtime hooks

interface Frame {
  lookup(name: string): unknown;
  set(name: string, value: unknown, resolveUp?: boolean): void;
}

interface Runtime {
  memberLookup(obj: unknown, key: unknown): unknown;
  contextOrFrameLookup(context: { ctx: object; env: { globals: object } }, frame: Frame, name: string): unknown;
  ensureDefined(value: unknown, lineno: number, colno: number): unknown;
  Frame: { prototype: Frame };
}

const INSTALLED = Symbol.for('nezha.sql-template-guards');

function refuseName(name: unknown): void {
  if (typeof name === 'string' && BLOCKED_NAMES.has(name)) {
    throw new TemplateGuardError(`Access to "${name}" is not allowed in SQL templates.`);
  }
}

/**
 * Replaces nunjucks' lookups process-wide (compiled templates call them through the shared runtime
 * object). Blocked names, attributes of functions and names inherited by the context are refused for
 * every template; the member allowlist, undefined tracking and work budget apply only during our renders.
 */
export function installTemplateGuards(): void {
  const runtime = nunjucks.runtime as unknown as Runtime & { [INSTALLED]?: true };
  if (runtime[INSTALLED]) return;
  runtime[INSTALLED] = true;

  const memberLookup = runtime.memberLookup;
  runtime.memberLookup = (obj, key) => {
    if (obj === undefined || obj === null) return undefined;
    refuseName(key);
    if (typeof obj === 'function') throw new TemplateGuardError('Functions have no attributes in SQL templates.');
    if (!active) return memberLookup(obj, key);
    tick(active);
    return guardedMember(obj, key);
  };

  runtime.contextOrFrameLookup = (context, frame, name) => {
    refuseName(name);
    const value = frame.lookup(name);
    if (value !== undefined) return value;
    // Own properties only: `{{ constructor }}` must not find Object through the context's prototype.
    if (Object.hasOwn(context.ctx, name)) return (context.ctx as Record<string, unknown>)[name];
    if (Object.hasOwn(context.env.globals, name)) return (context.env.globals as Record<string, unknown>)[name];
    if (active) {
      tick(active);
      if (active.pendingUndefined.length < 256) active.pendingUndefined.push(name);
    }
    return undefined;
  };

  const ensureDefined = runtime.ensureDefined;
  runtime.ensureDefined = (value, lineno, colno) => {
    const state = active;
    if (!state) return ensureDefined(value, lineno, colno);
    tick(state);
    const pending = state.pendingUndefined;
    state.pendingUndefined = [];
    if (value === undefined) {
      // Like Superset (Jinja's DebugUndefined), only a parameter printed undefined is reported missing.
      const site = state.sites.get(`${lineno}:${colno}`);
      const named = site ? pending.filter((name) => site.symbols.has(name)) : [];
      for (const name of named.length > 0 ? named : [site?.label ?? 'value']) {
        if (!state.undefinedNames.includes(name)) state.undefinedNames.push(name);
      }
      return '';
    }
    const text = jinjaText(value);
    state.outputChars += String(text).length;
    if (state.outputChars > state.limits.maxOutputChars) {
      throw new TemplateGuardError(`The rendered query is longer than ${state.limits.maxOutputChars} characters.`);
    }
    return text;
  };

  const set = runtime.Frame.prototype.set;
  runtime.Frame.prototype.set = function guardedSet(this: Frame, name, value, resolveUp) {
    // Every loop iteration sets loop.index, so counting here bounds loops that print nothing.
    if (active) tick(active);
    set.call(this, name, value, resolveUp);
  };
}
