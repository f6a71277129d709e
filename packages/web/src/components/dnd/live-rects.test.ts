// Drop targets found under the pointer by their current boxes.
import type { ClientRect, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { innermostAt, liveDroppables } from './live-rects';

const box = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

const container = (id: string, node: { isConnected: boolean; rect: ClientRect } | null, disabled = false) =>
  ({
    id,
    disabled,
    node: { current: node && { isConnected: node.isConnected, getBoundingClientRect: () => node.rect } },
  }) as unknown as DroppableContainer;

describe('live drop target boxes', () => {
  it('a target that moved since the drag started is found where it is now', () => {
    const stored = new Map([['grid', box(0, 100, 500, 300)]]);
    const [found] = liveDroppables([container('grid', { isConnected: true, rect: box(0, 148, 500, 300) })], stored);
    expect(found?.rect.top).toBe(148);
  });

  it('a target whose node left the page is no target; one without a node keeps its stored box', () => {
    const stored = new Map([
      ['gone', box(0, 0, 10, 10)],
      ['unmeasured', box(0, 0, 10, 10)],
      ['off', box(0, 0, 10, 10)],
    ]);
    const found = liveDroppables(
      [
        container('gone', { isConnected: false, rect: box(0, 0, 10, 10) }),
        container('unmeasured', null),
        container('off', { isConnected: true, rect: box(0, 0, 10, 10) }, true),
      ],
      stored,
    );
    expect(found.map((item) => item.container.id)).toEqual(['unmeasured']);
  });

  it('the innermost box under the pointer wins', () => {
    const items = [{ rect: box(0, 0, 400, 400) }, { rect: box(10, 10, 100, 50) }, { rect: box(300, 300, 50, 50) }];
    expect(innermostAt(items, { x: 20, y: 20 })).toBe(items[1]);
    expect(innermostAt(items, { x: 200, y: 200 })).toBe(items[0]);
    expect(innermostAt(items, { x: 500, y: 500 })).toBeNull();
  });
});
