// Drag and drop of edit mode (dnd-kit): builder-pane items and layout components dragged over drop targets; the
// target and drop come from core's drop rules, the edit from core's layout operations via the layout thunks.
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DropResult } from '@nezha/core';
import { type ReactNode, useCallback, useState } from 'react';
import { liveDroppables } from '../../../components/dnd/live-rects';
import { useAppDispatch } from '../../../store/hooks';
import { dropChartFromPane, dropLayoutComponent } from '../../state/thunks/layout-edits';
import { type DropIndicator, DropIndicatorContext } from './dnd-context';
import { type DragData, type DropCandidate, type DropData, resolveDrop } from './drop-resolution';

interface CollisionData {
  drop: DropResult;
  indicator: DropIndicator;
}

/** dnd-kit's collision hook doubles as the drop resolver: its one "collision" carries the drop to make. */
const collisionDetection: CollisionDetection = ({
  active,
  droppableContainers,
  droppableRects,
  pointerCoordinates,
}) => {
  const dragData = active.data.current as DragData | undefined;
  if (!pointerCoordinates || !dragData) return [];
  const candidates: DropCandidate[] = [];
  // Boxes as laid out now, not as dnd-kit measured them at drag start: the top-level tabs strip shown once a Tabs
  // drag starts pushes every target down, and the page may have scrolled since.
  for (const { container, rect } of liveDroppables(droppableContainers, droppableRects)) {
    const data = container.data.current as DropData | undefined;
    if (!data) continue;
    candidates.push({ id: String(container.id), data, rect });
  }
  const resolved = resolveDrop(dragData.dragged, candidates, pointerCoordinates);
  if (!resolved) return [];
  const data: CollisionData = {
    drop: resolved.result,
    indicator: { targetId: resolved.targetId, position: resolved.position },
  };
  return [{ id: resolved.targetId, data: { ...data } }];
};

function collisionOf(event: DragMoveEvent | DragEndEvent): CollisionData | null {
  const data = event.collisions?.[0]?.data as CollisionData | undefined;
  return data?.drop ? data : null;
}

export default function DashboardDnd({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const [indicator, setIndicator] = useState<DropIndicator | null>(null);
  const [dragging, setDragging] = useState<DragData | null>(null);
  // A small distance before a drag starts, so clicks on handles and buttons stay clicks.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const onDragStart = useCallback((event: DragStartEvent) => {
    setDragging((event.active.data.current as DragData | undefined) ?? null);
  }, []);
  const onDragMove = useCallback((event: DragMoveEvent) => {
    const next = collisionOf(event)?.indicator ?? null;
    setIndicator((current) =>
      current?.targetId === next?.targetId && current?.position === next?.position ? current : next,
    );
  }, []);
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      const collision = collisionOf(event);
      const data = event.active.data.current as DragData | undefined;
      setIndicator(null);
      setDragging(null);
      if (!collision || !data) return;
      if (data.chartEntry) dispatch(dropChartFromPane(data.chartEntry, collision.drop));
      else dispatch(dropLayoutComponent(collision.drop));
    },
    [dispatch],
  );
  const onDragCancel = useCallback(() => {
    setIndicator(null);
    setDragging(null);
  }, []);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      autoScroll
    >
      <DropIndicatorContext.Provider value={indicator}>{children}</DropIndicatorContext.Provider>
      <DragOverlay dropAnimation={null}>
        {dragging ? (
          <div
            data-test="drag-overlay"
            style={{
              padding: '8px 14px',
              background: '#fff',
              border: '1px solid #1FA8C9',
              borderRadius: 4,
              boxShadow: '0 4px 12px rgba(0,0,0,0.15)',
              fontWeight: 500,
              whiteSpace: 'nowrap',
              width: 'max-content',
            }}
          >
            {dragging.label}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
