// SQL Lab's keyboard shortcuts as data: the editor binds them, KeyboardShortcutsButton lists them (Superset's KEY_MAP).
import { i18nKey } from '../../i18n/i18n';

export type UserOs = 'mac' | 'windows' | 'linux';

export type ShortcutCommand =
  | 'runQuery'
  | 'runCurrentQuery'
  | 'stopQuery'
  | 'newTab'
  | 'formatSql'
  | 'previousTab'
  | 'nextTab'
  | 'previousLine'
  | 'find'
  | 'replace';

export interface KeyboardShortcut {
  command: ShortcutCommand;
  /** A CodeMirror key name: "Mod" is Cmd on macOS and Ctrl elsewhere. */
  key: string;
  /** The English description, a key for t(). */
  description: string;
}

const DESCRIPTIONS: Record<ShortcutCommand, string> = {
  runQuery: i18nKey('Run query'),
  runCurrentQuery: i18nKey('Run current query'),
  stopQuery: i18nKey('Stop query'),
  newTab: i18nKey('New tab'),
  formatSql: i18nKey('Format SQL'),
  previousTab: i18nKey('Switch to the previous tab'),
  nextTab: i18nKey('Switch to the next tab'),
  previousLine: i18nKey('Previous line'),
  find: i18nKey('Find'),
  replace: i18nKey('Replace'),
};

/**
 * The shortcuts on one operating system. Where a key is the browser's own (Ctrl+T opens a browser tab on
 * Windows, Ctrl+X cuts outside macOS) Superset picks another, and so do we.
 */
export function keyboardShortcuts(os: UserOs): KeyboardShortcut[] {
  const mac = os === 'mac';
  const entries: Array<[ShortcutCommand, string]> = [
    ['runQuery', 'Mod-Enter'],
    ...(mac ? ([['runQuery', 'Ctrl-Enter']] as Array<[ShortcutCommand, string]>) : []),
    ['runQuery', 'Ctrl-r'],
    ['runQuery', 'Alt-Enter'],
    ['runCurrentQuery', 'Mod-Shift-Enter'],
    ...(mac ? ([['runCurrentQuery', 'Ctrl-Shift-Enter']] as Array<[ShortcutCommand, string]>) : []),
    ['stopQuery', mac ? 'Ctrl-x' : 'Ctrl-e'],
    ['newTab', os === 'windows' ? 'Ctrl-q' : 'Ctrl-t'],
    ['formatSql', 'Mod-Shift-f'],
    ['previousTab', 'Ctrl-['],
    ['nextTab', 'Ctrl-]'],
    // CodeMirror moves up a line with Ctrl-P only in its macOS (Emacs-style) bindings.
    ...(mac ? ([['previousLine', 'Ctrl-p']] as Array<[ShortcutCommand, string]>) : []),
    ['find', 'Mod-f'],
    ['replace', mac ? 'Mod-Alt-f' : 'Ctrl-h'],
  ];
  return entries.map(([command, key]) => ({ command, key, description: DESCRIPTIONS[command] }));
}

/** The operating system as navigator reports it (userAgentData.platform, platform or userAgent). */
export function detectOs(platform: string | undefined, userAgent = ''): UserOs {
  const text = `${platform ?? ''} ${userAgent}`.toLowerCase();
  if (/mac|iphone|ipad|ipod/.test(text)) return 'mac';
  if (/win/.test(text)) return 'windows';
  return 'linux';
}

const KEY_NAMES: Record<string, { mac: string; other: string }> = {
  Mod: { mac: 'Cmd', other: 'Ctrl' },
  Ctrl: { mac: 'Ctrl', other: 'Ctrl' },
  Alt: { mac: 'Option', other: 'Alt' },
  Shift: { mac: 'Shift', other: 'Shift' },
};

/** "Mod-Shift-f" → "Ctrl + Shift + F" (or "Cmd + Shift + F" on macOS). */
export function shortcutLabel(key: string, os: UserOs): string {
  const parts = key.split(/-(?!$)/);
  return parts
    .map((part) => {
      const named = KEY_NAMES[part];
      if (named) return os === 'mac' ? named.mac : named.other;
      return part.length === 1 ? part.toUpperCase() : part;
    })
    .join(' + ');
}

/** Shortcuts grouped by what they do, in first-seen order, for the shortcuts dialog. */
export function shortcutsByDescription(shortcuts: readonly KeyboardShortcut[]): Array<{
  description: string;
  keys: string[];
}> {
  const groups = new Map<string, string[]>();
  for (const shortcut of shortcuts) {
    const keys = groups.get(shortcut.description) ?? [];
    keys.push(shortcut.key);
    groups.set(shortcut.description, keys);
  }
  return [...groups].map(([description, keys]) => ({ description, keys }));
}
