// The seconds since a chart's query started, ticking while it runs and frozen at its end. Every running label
// shares one timer and writes its own text: fifty charts loading at once cost one interval, not fifty, and no
// React render per tick.
import { type RefObject, useEffect } from 'react';

const TICK_MS = 100;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

/** Calls the listener every tick while it is subscribed; the timer runs only while someone listens. */
export function subscribeToTicks(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const each of listeners) each();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function elapsedSeconds(startTime: number, endTime: number | null, now: number): number {
  if (!startTime) return 0;
  return Math.max(0, ((endTime ?? now) - startTime) / 1000);
}

/** Keeps the element's text at the elapsed time while running (the element shows the frozen time otherwise). */
export function useTickingElapsed(ref: RefObject<HTMLElement | null>, startTime: number, running: boolean): void {
  useEffect(() => {
    if (!running) return;
    return subscribeToTicks(() => {
      if (ref.current) ref.current.textContent = formatElapsed(elapsedSeconds(startTime, null, Date.now()));
    });
  }, [ref, startTime, running]);
}

export function formatElapsed(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(2)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(Math.floor(seconds % 60)).padStart(2, '0')} min`;
}
