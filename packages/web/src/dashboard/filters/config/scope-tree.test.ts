// The scope tree: tabs and charts from the layout, and checked charts turned back into a scope.
import { loadLayout } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { fixtureLayout } from '../../state/test-fixtures';
import { checkedChartKeys, scopeFromChecked, scopeTree } from './scope-tree';

describe('scope tree', () => {
  it('lists the charts under the root, rows flattened', () => {
    const tree = scopeTree(fixtureLayout(), { 1: 'One', 2: 'Two' }, 'All panels');
    expect(tree).toEqual({
      key: 'ROOT_ID',
      title: 'All panels',
      children: [
        { key: 'chart:1', title: 'One' },
        { key: 'chart:2', title: 'Two' },
      ],
    });
  });

  it('unchecked charts become exclusions and come back unchecked', () => {
    const scope = scopeFromChecked(['chart:1'], fixtureLayout());
    expect(scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [2] });
    expect(checkedChartKeys(scope, fixtureLayout(), [1, 2])).toEqual(['chart:1']);
  });

  it('a checked tab is saved as the root path, so a chart dropped into it later is in scope', () => {
    const tabs = loadLayout({
      ROOT_ID: { type: 'ROOT', children: ['TABS-1'] },
      'TABS-1': { type: 'TABS', children: ['TAB-a', 'TAB-b'] },
      'TAB-a': { type: 'TAB', children: ['ROW-a'], meta: { text: 'Weather' } },
      'TAB-b': { type: 'TAB', children: ['ROW-b'], meta: { text: 'Stocks' } },
      'ROW-a': { type: 'ROW', children: ['C1'] },
      'ROW-b': { type: 'ROW', children: ['C2'] },
      C1: { type: 'CHART', children: [], meta: { chartId: 1 } },
      C2: { type: 'CHART', children: [], meta: { chartId: 2 } },
    });
    // The tree checks a tab together with its charts.
    const scope = scopeFromChecked(['TAB-a', 'chart:1'], tabs);
    expect(scope).toEqual({ rootPath: ['TAB-a'], excluded: [] });
    const later = loadLayout({
      ...JSON.parse(JSON.stringify(tabs)),
      'ROW-a': { type: 'ROW', children: ['C1', 'C3'] },
      C3: { type: 'CHART', children: [], meta: { chartId: 3 } },
    });
    expect(checkedChartKeys(scope, later, [1, 2, 3])).toEqual(['chart:1', 'chart:3']);
  });
});
