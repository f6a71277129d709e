// Drops resolved where the pointer is released. dnd-kit hands onDragEnd the target of its last render; pointer
// moves render later (React schedules them), so a release right after a move dropped on the target of an earlier
// position, or on nothing. Here the target is found again at the release point, from the boxes as laid out then.
import type { Active, CollisionDetection, DroppableContainer, UniqueIdentifier } from '@dnd-kit/core';
import { type LiveDroppable, liveDroppables, type StoredRects } from './live-rects';

/**
 * Auto-scroll only with the pointer close to a pane's edge. dnd-kit's default band is a fifth of the pane: over
 * Dimensions, near the top of the control panel, the panel kept scrolling and the control slid from under the
 * pointer before it was released.
 */
export const EDGE_AUTO_SCROLL = { threshold: { x: 0.05, y: 0.06 } } as const;

export interface Point {
  x: number;
  y: number;
}

/** A target found at a point: the droppable's id and what dropping there does. */
export interface Resolved<R> {
  id: UniqueIdentifier;
  result: R;
}

export type DropResolver<R> = (active: Active, droppables: LiveDroppable[], pointer: Point) => Resolved<R> | null;

export interface PointerDrop<R> {
  /** dnd-kit's collision hook: the one target under the pointer, its result as the collision's `value`. */
  collisionDetection: CollisionDetection;
  /** Starts following the pointer (onDragStart). */
  start: () => void;
  /** The target where the pointer was released (onDragEnd); stops following. */
  finish: (active: Active) => Resolved<R> | null;
  /** Stops following without a drop (onDragCancel). */
  cancel: () => void;
}

export function pointerDrop<R>(resolve: DropResolver<R>): PointerDrop<R> {
  let containers: DroppableContainer[] = [];
  let rects: StoredRects = new Map();
  let pointer: Point | null = null;
  // Capture phase on window: runs before dnd-kit's own pointerup handler ends the drag.
  const follow = (event: PointerEvent) => {
    pointer = { x: event.clientX, y: event.clientY };
  };
  const stop = () => {
    window.removeEventListener('pointermove', follow, true);
    window.removeEventListener('pointerup', follow, true);
  };
  return {
    collisionDetection: (args) => {
      containers = args.droppableContainers;
      rects = args.droppableRects;
      if (!args.pointerCoordinates) return [];
      const hit = resolve(args.active, liveDroppables(containers, rects), args.pointerCoordinates);
      return hit ? [{ id: hit.id, data: { value: hit.result } }] : [];
    },
    start: () => {
      pointer = null;
      window.addEventListener('pointermove', follow, true);
      window.addEventListener('pointerup', follow, true);
    },
    finish: (active) => {
      stop();
      const at = pointer;
      pointer = null;
      return at ? resolve(active, liveDroppables(containers, rects), at) : null;
    },
    cancel: () => {
      stop();
      pointer = null;
    },
  };
}
