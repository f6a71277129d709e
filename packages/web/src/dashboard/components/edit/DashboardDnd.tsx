// Drag and drop of edit mode (dnd-kit): builder-pane items and layout components dragged over drop targets; the
// target and drop come from core's drop rules, the edit from core's layout operations via the layout thunks.
import {
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
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { type DropResolver, EDGE_AUTO_SCROLL, pointerDrop } from '../../../components/dnd/pointer-drop';
import { useAppDispatch } from '../../../store/hooks';
import { dropChartFromPane, dropLayoutComponent } from '../../state/thunks/layout-edits';
import { type DropIndicator, DropIndicatorContext } from './dnd-context';
import { type DragData, type DropCandidate, type DropData, resolveDrop } from './drop-resolution';

interface CollisionData {
  drop: DropResult;
  indicator: DropIndicator;
}

/**
 * The drop under the pointer, from core's drop rules over the targets' boxes as laid out now: the top-level tabs
 * strip shown once a Tabs drag starts pushes every target down, and the page may have scrolled since.
 */
const resolveDashboardDrop: DropResolver<CollisionData> = (active, droppables, pointer) => {
  const dragData = active.data.current as DragData | undefined;
  if (!dragData) return null;
  const candidates: DropCandidate[] = [];
  for (const { container, rect } of droppables) {
    const data = container.data.current as DropData | undefined;
    if (data) candidates.push({ id: String(container.id), data, rect });
  }
  const resolved = resolveDrop(dragData.dragged, candidates, pointer);
  if (!resolved) return null;
  return {
    id: resolved.targetId,
    result: { drop: resolved.result, indicator: { targetId: resolved.targetId, position: resolved.position } },
  };
};

function collisionOf(event: DragMoveEvent): CollisionData | null {
  const data = (event.collisions?.[0]?.data as { value?: CollisionData } | undefined)?.value;
  return data?.drop ? data : null;
}

export default function DashboardDnd({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const [indicator, setIndicator] = useState<DropIndicator | null>(null);
  const [dragging, setDragging] = useState<DragData | null>(null);
  // A small distance before a drag starts, so clicks on handles and buttons stay clicks.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const drop = useMemo(() => pointerDrop(resolveDashboardDrop), []);

  const onDragStart = useCallback(
    (event: DragStartEvent) => {
      drop.start();
      setDragging((event.active.data.current as DragData | undefined) ?? null);
    },
    [drop],
  );
  const onDragMove = useCallback((event: DragMoveEvent) => {
    const next = collisionOf(event)?.indicator ?? null;
    setIndicator((current) =>
      current?.targetId === next?.targetId && current?.position === next?.position ? current : next,
    );
  }, []);
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      // Where the pointer was released, not where the last render left the indicator.
      const collision = drop.finish(event.active)?.result ?? null;
      const data = event.active.data.current as DragData | undefined;
      setIndicator(null);
      setDragging(null);
      if (!collision || !data) return;
      if (data.chartEntry) dispatch(dropChartFromPane(data.chartEntry, collision.drop));
      else dispatch(dropLayoutComponent(collision.drop));
    },
    [dispatch, drop],
  );
  const onDragCancel = useCallback(() => {
    drop.cancel();
    setIndicator(null);
    setDragging(null);
  }, [drop]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={drop.collisionDetection}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      autoScroll={EDGE_AUTO_SCROLL}
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
