// The CodeMirror 6 SQL editor: dialect by engine, schema-aware completion, SQL Lab's shortcuts. Load it lazily.

import {
  autocompletion,
  type CompletionContext,
  type CompletionResult,
  type CompletionSource,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { cursorLineUp, defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  MariaSQL,
  MSSQL,
  MySQL,
  PostgreSQL,
  type SQLDialect,
  SQLite,
  StandardSQL,
  schemaCompletionSource,
} from '@codemirror/lang-sql';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  LanguageSupport,
  syntaxHighlighting,
} from '@codemirror/language';
import { highlightSelectionMatches, openSearchPanel, search, searchKeymap } from '@codemirror/search';
import { Annotation, Compartment, EditorState, type Extension, Prec } from '@codemirror/state';
import {
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  type KeyBinding,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../i18n/i18n';
import { detectOs, keyboardShortcuts, type ShortcutCommand, type UserOs } from './keyboard-shortcuts';
import {
  bareWordOptions,
  buildSqlNamespace,
  completionBoost,
  rankedKeywordSource,
  rankedSource,
  type SqlDialectName,
  tableNeedingColumns,
} from './sql-completion';
import type { EditorSelection, SqlEditorProps } from './sql-editor-props';
import { statementAt } from './sql-statements';
import { MONOSPACE_FONT, PRIMARY_COLOR } from './styles';
import type { SqlCompletionData } from './types';

const DIALECTS: Record<SqlDialectName, SQLDialect> = { PostgreSQL, MySQL, MariaSQL, SQLite, MSSQL, StandardSQL };

/** Marks changes that came from the value prop, so they are not echoed back through onChange. */
const fromProps = Annotation.define<boolean>();

const SEARCH_PHRASES = [
  i18nKey('Find'),
  i18nKey('Replace'),
  i18nKey('next'),
  i18nKey('previous'),
  i18nKey('all'),
  i18nKey('match case'),
  i18nKey('regexp'),
  i18nKey('by word'),
  i18nKey('replace'),
  i18nKey('replace all'),
  i18nKey('close'),
  i18nKey('Go to line'),
  i18nKey('go'),
  i18nKey('Folded lines'),
  i18nKey('Unfolded lines'),
  i18nKey('to'),
  i18nKey('folded code'),
  i18nKey('unfold'),
  i18nKey('Fold line'),
  i18nKey('Unfold line'),
  i18nKey('Control character'),
  i18nKey('Completions'),
];

const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#fff' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: MONOSPACE_FONT, lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: '#fafbfc', borderRight: '1px solid #eef1f3', color: '#9aa5ad' },
  '.cm-activeLine': { backgroundColor: 'rgba(32, 167, 201, 0.06)' },
  '.cm-activeLineGutter': { backgroundColor: 'rgba(32, 167, 201, 0.10)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'rgba(32, 167, 201, 0.25)', outline: 'none' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: PRIMARY_COLOR },
  '.cm-panels': { fontFamily: 'inherit', backgroundColor: '#fafbfc', borderColor: '#e0e5e8' },
  '.cm-panel.cm-search': { padding: '6px 28px 6px 8px', fontSize: '12px' },
  '.cm-panel.cm-search label': { fontSize: '12px', color: '#5b6770' },
  '.cm-textfield': { border: '1px solid #d9dee2', borderRadius: '4px', padding: '2px 6px', fontSize: '12px' },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: '#fff',
    border: '1px solid #d9dee2',
    borderRadius: '4px',
    padding: '2px 8px',
    fontSize: '12px',
  },
  '.cm-button:hover': { borderColor: PRIMARY_COLOR, color: PRIMARY_COLOR },
});

function browserOs(): UserOs {
  if (typeof navigator === 'undefined') return 'linux';
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return detectOs(data?.platform ?? navigator.platform, navigator.userAgent);
}

function selectionOf(state: EditorState): EditorSelection {
  const main = state.selection.main;
  const line = state.doc.lineAt(main.head);
  return {
    selectedText: main.empty ? '' : state.sliceDoc(main.from, main.to),
    cursor: { line: line.number, column: main.head - line.from },
    selectionRange: main.empty ? null : { from: main.from, to: main.to },
  };
}

/** Reads the latest props through a ref, so key bindings and completion sources never go stale. */
type PropsRef = { current: SqlEditorProps };

/**
 * The SQL language and its completion sources. The sources are made once per engine and read the completion data
 * through the props ref: CodeMirror drops an open completion list when its sources are replaced, so rebuilding them
 * whenever the data changed (a sync round, a table panel's preview) closed the list under the user's hand.
 */
function languageExtension(dialectName: SqlDialectName | null | undefined, props: PropsRef): Extension {
  const dialect = DIALECTS[dialectName ?? 'StandardSQL'];
  const current = () => props.current.completion ?? EMPTY_COMPLETION;
  // Derived from the data only when it changes (by identity), so typing does not rebuild them.
  let seen: SqlCompletionData | null = null;
  let bareOptions: ReturnType<typeof bareWordOptions> = [];
  let schemaSource: CompletionSource = () => null;
  const refresh = () => {
    const data = current();
    if (data === seen) return;
    seen = data;
    bareOptions = bareWordOptions(data);
    schemaSource = rankedSource(
      schemaCompletionSource({ dialect, schema: buildSqlNamespace(data), upperCaseKeywords: true }),
    );
  };
  const schemaObjects: CompletionSource = (context) => {
    refresh();
    return schemaSource(context);
  };
  const bareWords: CompletionSource = (context: CompletionContext): CompletionResult | null => {
    refresh();
    const word = context.matchBefore(/[\w$]+/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    if (word.from > 0 && context.state.sliceDoc(word.from - 1, word.from) === '.') return null;
    return { from: word.from, options: bareOptions, validFor: /^[\w$]*$/ };
  };
  const missingColumns: CompletionSource = async (context) => {
    const request = props.current.onRequestColumns;
    if (!request) return null;
    const line = context.state.doc.lineAt(context.pos);
    const table = tableNeedingColumns(line.text.slice(0, context.pos - line.from), current());
    if (!table) return null;
    const columns = await request(table);
    if (context.aborted) return null;
    const word = context.matchBefore(/[\w$]*/);
    return {
      from: word ? word.from : context.pos,
      options: columns.map((column) => ({
        label: column.name,
        type: 'property',
        detail: column.type ?? undefined,
        boost: completionBoost({ label: column.name, type: 'property' }),
      })),
      validFor: /^[\w$]*$/,
    };
  };
  return [
    // Highlighting and keywords (ranked below the schema's names); tables and columns come from schemaObjects.
    new LanguageSupport(dialect.language, [dialect.language.data.of({ autocomplete: rankedKeywordSource(dialect) })]),
    dialect.language.data.of({ autocomplete: schemaObjects }),
    dialect.language.data.of({ autocomplete: bareWords }),
    dialect.language.data.of({ autocomplete: missingColumns }),
  ];
}

function shortcutKeymap(os: UserOs, props: PropsRef): Extension {
  const run = (sqlText: string, handler: ((text: string) => void) | undefined) => {
    if (!handler || sqlText.trim() === '') return Boolean(handler);
    handler(sqlText);
    return true;
  };
  const commands: Record<ShortcutCommand, (view: EditorView) => boolean> = {
    runQuery: (view) => {
      const { selectedText } = selectionOf(view.state);
      return run(selectedText || view.state.doc.toString(), props.current.onRun);
    },
    runCurrentQuery: (view) => {
      const statement = statementAt(view.state.doc.toString(), view.state.selection.main.head);
      return run(statement?.text ?? '', props.current.onRunCurrent ?? props.current.onRun);
    },
    stopQuery: () => call(props.current.onStop),
    newTab: () => call(props.current.onNewTab),
    formatSql: () => call(props.current.onFormat),
    previousTab: () => call(props.current.onPreviousTab),
    nextTab: () => call(props.current.onNextTab),
    previousLine: cursorLineUp,
    find: openSearchPanel,
    replace: openSearchPanel,
  };
  const bindings: KeyBinding[] = keyboardShortcuts(os).map((shortcut) => ({
    key: shortcut.key,
    run: commands[shortcut.command],
    preventDefault: true,
  }));
  return Prec.highest(keymap.of(bindings));
}

function call(handler: (() => void) | undefined): boolean {
  if (!handler) return false;
  handler();
  return true;
}

export default function SqlEditor(props: SqlEditorProps) {
  const { value, dialect, readOnly = false, autoFocus = false, height = '100%', placeholder, os } = props;
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const compartments = useMemo(
    () => ({ language: new Compartment(), keys: new Compartment(), readOnly: new Compartment() }),
    [],
  );
  const userOs = os ?? browserOs();

  // The view is made once; later prop changes reconfigure it through compartments.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the props are read at creation on purpose.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const initial = propsRef.current;
    let anchor = 0;
    const state = EditorState.create({
      doc: initial.value,
      extensions: [
        compartments.keys.of(shortcutKeymap(userOs, propsRef)),
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        foldGutter(),
        drawSelection(),
        dropCursor(),
        EditorState.allowMultipleSelections.of(true),
        indentOnInput(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        bracketMatching(),
        closeBrackets(),
        autocompletion({ activateOnTyping: true, maxRenderedOptions: 200 }),
        highlightActiveLine(),
        highlightSelectionMatches(),
        search({ top: true }),
        keymap.of([
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...searchKeymap,
          ...historyKeymap,
          ...foldKeymap,
          ...completionKeymap,
          indentWithTab,
        ]),
        compartments.language.of(languageExtension(initial.dialect, propsRef)),
        compartments.readOnly.of(EditorState.readOnly.of(Boolean(initial.readOnly))),
        EditorState.phrases.of(Object.fromEntries(SEARCH_PHRASES.map((phrase) => [phrase, t(phrase)]))),
        initial.placeholder ? placeholderText(initial.placeholder) : [],
        editorTheme,
        EditorView.contentAttributes.of({ 'aria-label': t('SQL editor'), 'data-test': 'sql-editor-content' }),
        EditorView.updateListener.of((update) => {
          const current = propsRef.current;
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(fromProps))) {
            current.onChange(update.state.doc.toString());
          }
          if (update.selectionSet || update.docChanged) current.onSelectionChange?.(selectionOf(update.state));
        }),
      ],
    });
    if (initial.initialCursor) {
      const lineNumber = Math.min(Math.max(1, initial.initialCursor.line), state.doc.lines);
      const line = state.doc.line(lineNumber);
      anchor = Math.min(line.to, line.from + Math.max(0, initial.initialCursor.column));
    }
    const view = new EditorView({ state, parent: host });
    if (anchor > 0) view.dispatch({ selection: { anchor }, scrollIntoView: true });
    viewRef.current = view;
    if (initial.autoFocus) view.focus();
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [compartments]);

  // The value prop wins over the document when they differ (a formatted query, a switched tab).
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current === value) return;
    view.dispatch({
      changes: { from: 0, to: current.length, insert: value },
      annotations: fromProps.of(true),
      selection: { anchor: Math.min(view.state.selection.main.head, value.length) },
    });
  }, [value]);

  // Only a new dialect needs a new language: new completion data is read by the sources themselves.
  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.language.reconfigure(languageExtension(dialect, propsRef)) });
  }, [dialect, compartments]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.keys.reconfigure(shortcutKeymap(userOs, propsRef)) });
  }, [userOs, compartments]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.readOnly.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly, compartments]);

  useEffect(() => {
    if (autoFocus) viewRef.current?.focus();
  }, [autoFocus]);

  return (
    <div
      ref={hostRef}
      style={{ height, minHeight: 0, overflow: 'hidden', border: '1px solid #e0e5e8', borderRadius: 6 }}
      data-test="sql-editor"
      data-placeholder={placeholder}
    />
  );
}

const EMPTY_COMPLETION: SqlCompletionData = {};
