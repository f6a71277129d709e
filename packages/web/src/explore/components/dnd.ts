// Drag and drop from the datasource panel into the controls (dnd-kit): what is dragged and what a drop target takes.
import { type DragEndEvent, useDraggable, useDroppable } from '@dnd-kit/core';
import { useMemo } from 'react';
import { innermostAt } from '../../components/dnd/live-rects';
import { type DropResolver, pointerDrop } from '../../components/dnd/pointer-drop';
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

/**
 * The control under the pointer that takes the dragged item. Not dnd-kit's default (the target overlapping most with
 * the dragged row's box): that box is as wide as the datasource panel and centred on the pointer, so near the
 * edge between two controls it picked the neighbour (Metrics takes columns too).
 */
const resolveControlDrop: DropResolver<DropData> = (active, droppables, pointer) => {
  const item = active.data.current?.item as DragItem | undefined;
  if (!item) return null;
  const accepting = droppables.filter((candidate) =>
    (candidate.container.data.current as DropData | undefined)?.accepts.includes(item.kind),
  );
  const hit = innermostAt(accepting, pointer);
  return hit ? { id: hit.container.id, result: hit.container.data.current as DropData } : null;
};

/** Explore's drag and drop: targets found under the pointer, the drop made where the pointer is released. */
export function useExploreDnd() {
  const drop = useMemo(() => pointerDrop(resolveControlDrop), []);
  return {
    collisionDetection: drop.collisionDetection,
    onDragStart: drop.start,
    onDragCancel: drop.cancel,
    onDragEnd: (event: DragEndEvent) => {
      const item = event.active.data.current?.item as DragItem | undefined;
      const target = drop.finish(event.active)?.result;
      if (item && target?.accepts.includes(item.kind)) target.onDrop(item);
    },
  };
}
