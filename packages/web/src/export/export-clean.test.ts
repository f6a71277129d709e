// What exported images leave out: on-screen controls and scrollbars.
import { describe, expect, it } from 'vitest';
import { type ExportNode, leftOutOfExport, screenOnly, scrolls } from './export-clean';

const node = (classes: string[], attributes: Record<string, string> = {}): ExportNode => ({
  classList: { contains: (name) => classes.includes(name) },
  getAttribute: (name) => attributes[name] ?? null,
});

describe('export clean-up', () => {
  it('menu buttons and marked controls are left out', () => {
    expect(screenOnly(node(['ant-btn', 'ant-dropdown-trigger']))).toBe(true);
    expect(screenOnly(node([], { 'data-test': 'chart-menu' }))).toBe(true);
    expect(screenOnly(node([], { 'data-export': 'hide' }))).toBe(true);
  });

  it('a control keeps its room in the copy and only what it draws is left out; popups go whole', () => {
    const menu = node(['ant-btn', 'ant-dropdown-trigger'], { 'data-test': 'chart-menu' });
    const icon = { ...node(['anticon']), parentElement: menu };
    const path = { ...node([]), parentElement: { ...node([]), parentElement: icon } };
    expect(leftOutOfExport(menu)).toBe(false);
    expect(leftOutOfExport(icon)).toBe(true);
    expect(leftOutOfExport(path)).toBe(true);
    expect(leftOutOfExport(node(['ant-tooltip']))).toBe(true);
    expect(leftOutOfExport({ ...node(['chart-title']), parentElement: node(['card']) })).toBe(false);
  });

  it('content stays, and so do text nodes (no class list)', () => {
    expect(screenOnly(node(['chart-title']))).toBe(false);
    expect(screenOnly({})).toBe(false);
  });

  it('auto and scroll overflow make scrollbars, hidden and visible do not', () => {
    expect(scrolls('auto')).toBe(true);
    expect(scrolls('hidden scroll')).toBe(true);
    expect(scrolls('hidden visible clip')).toBe(false);
  });
});
