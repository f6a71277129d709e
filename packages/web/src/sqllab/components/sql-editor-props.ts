// The SQL editor's props, apart from its CodeMirror implementation so the lazy wrapper imports no CodeMirror.
import type { EditorDialect } from '@nezha/core';
import type { UserOs } from './keyboard-shortcuts';
import type { SqlCompletionData } from './types';

export interface EditorSelection {
  /** The selected text, '' when nothing is selected. */
  selectedText: string;
  /** 1-based line and 0-based column of the cursor. */
  cursor: { line: number; column: number };
  /** Offsets of the main selection, null when it is empty. */
  selectionRange: { from: number; to: number } | null;
}

export interface SqlEditorProps {
  value: string;
  onChange: (sql: string) => void;
  onSelectionChange?: (selection: EditorSelection) => void;
  /** The SQL dialect of the database's engine, as the server names it (standard SQL when absent). */
  dialect?: EditorDialect | null;
  completion?: SqlCompletionData;
  /** Asked for a known table's columns when "table." is typed and they are not loaded yet. */
  onRequestColumns?: (table: string) => Promise<Array<{ name: string; type?: string | null }>>;
  /** Run the selection, or everything when nothing is selected (Ctrl/Cmd+Enter, Ctrl+R, Alt+Enter). */
  onRun?: (sql: string) => void;
  /** Run the statement under the cursor (Ctrl/Cmd+Shift+Enter). */
  onRunCurrent?: (sql: string) => void;
  onStop?: () => void;
  onFormat?: () => void;
  onNewTab?: () => void;
  onPreviousTab?: () => void;
  onNextTab?: () => void;
  /** Defaults to the browser's. */
  os?: UserOs;
  readOnly?: boolean;
  autoFocus?: boolean;
  /** Where the cursor starts (the tab's cursorPosition). */
  initialCursor?: { line: number; column: number };
  placeholder?: string;
  /** CSS height; the editor fills its parent by default. */
  height?: number | string;
}
