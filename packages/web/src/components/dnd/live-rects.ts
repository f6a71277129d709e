// Drop targets measured where they are now. dnd-kit measures droppables when a drag starts (and when one resizes);
// a target that has since moved without resizing (a drop strip shown on drag start pushes the grid down, a panel
// scrolled by hand or by auto-scroll) keeps its old box, and the pointer then lands on the wrong target or none.
import type { ClientRect, DroppableContainer, UniqueIdentifier } from '@dnd-kit/core';

export type StoredRects = ReadonlyMap<UniqueIdentifier, ClientRect>;

export interface LiveDroppable {
  container: DroppableContainer;
  rect: ClientRect;
}

/**
 * The box of the node as the page lays it out now; none when the node has left the page (its stored box would be a
 * place where nothing is). The stored box is used only when dnd-kit has no node for the target.
 */
export function liveRect(container: DroppableContainer, stored: StoredRects): ClientRect | null {
  const node = container.node.current;
  if (!node) return stored.get(container.id) ?? null;
  if (!node.isConnected) return null;
  const box = node.getBoundingClientRect();
  return { top: box.top, left: box.left, right: box.right, bottom: box.bottom, width: box.width, height: box.height };
}

/** Enabled droppables with their current boxes. */
export function liveDroppables(containers: DroppableContainer[], stored: StoredRects): LiveDroppable[] {
  const result: LiveDroppable[] = [];
  for (const container of containers) {
    if (container.disabled) continue;
    const rect = liveRect(container, stored);
    if (rect) result.push({ container, rect });
  }
  return result;
}

/** The smallest box holding the point: the innermost target under the pointer. */
export function innermostAt<T extends { rect: ClientRect }>(items: T[], point: { x: number; y: number }): T | null {
  let best: T | null = null;
  for (const item of items) {
    const { rect } = item;
    if (point.x < rect.left || point.x > rect.right || point.y < rect.top || point.y > rect.bottom) continue;
    if (!best || rect.width * rect.height < best.rect.width * best.rect.height) best = item;
  }
  return best;
}
