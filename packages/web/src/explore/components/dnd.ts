// Drag and drop from the datasource panel into the controls (dnd-kit): what is dragged and what a drop target takes.
import { type CollisionDetection, type DragEndEvent, useDraggable, useDroppable } from '@dnd-kit/core';
import { innermostAt, liveDroppables } from '../../components/dnd/live-rects';
import type { ColumnOption } from '../controls/options';

export type DragItem = { kind: 'column'; column: ColumnOption } | { kind: 'metric'; metricName: string };

interface DropData {
  accepts: ReadonlyArray<DragItem['kind']>;
  onDrop: (item: DragItem) => void;
}

export function useDatasourceDraggable(id: string, item: DragItem) {
  return useDraggable({ id, data: { item } });
}

/** A control that takes dropped columns or metrics; `isOver` is set only while an acceptable item hovers. */
export function useControlDroppable(id: string, accepts: DropData['accepts'], onDrop: DropData['onDrop']) {
  const droppable = useDroppable({ id, data: { accepts, onDrop } satisfies DropData });
  const dragged = droppable.active?.data.current?.item as DragItem | undefined;
  const canDrop = !!dragged && accepts.includes(dragged.kind);
  return { setNodeRef: droppable.setNodeRef, isOver: droppable.isOver && canDrop, canDrop };
}

export function handleDragEnd(event: DragEndEvent): void {
  const item = event.active.data.current?.item as DragItem | undefined;
  const target = event.over?.data.current as DropData | undefined;
  if (item && target?.accepts.includes(item.kind)) target.onDrop(item);
}

/**
 * The control under the pointer that takes the dragged item. Not dnd-kit's default (the target overlapping most with
 * the dragged row's box): that box is as wide as the datasource panel and centred on the pointer, so near the
 * edge between two controls it picked the neighbour (Metrics takes columns too). Boxes are read as laid out now:
 * the control panel may have scrolled, or grown, since the drag started.
 */
export const collisionDetection: CollisionDetection = ({
  active,
  droppableContainers,
  droppableRects,
  pointerCoordinates,
}) => {
  const item = active.data.current?.item as DragItem | undefined;
  if (!pointerCoordinates || !item) return [];
  const accepting = liveDroppables(droppableContainers, droppableRects).filter((candidate) =>
    (candidate.container.data.current as DropData | undefined)?.accepts.includes(item.kind),
  );
  const hit = innermostAt(accepting, pointerCoordinates);
  return hit ? [{ id: hit.container.id, data: { droppableContainer: hit.container, value: 0 } }] : [];
};
