// The semantic layer's previews follow their definition: once an edit leaves the form valid and different from what
// the preview shows, the query runs again after a short pause. A newer run aborts the one before (runChartQuery
// keeps one AbortController per chart), so a superseded answer never lands.
import { useEffect, useRef } from 'react';

/** Long enough to let a typed expression settle, short enough to feel live. */
export const PREVIEW_REFRESH_DELAY_MS = 500;

interface PreviewRefresh {
  /** The viz type is a semantic preview (measure, cohort, column). */
  enabled: boolean;
  /** The form differs from what the chart last queried, or nothing was queried yet. */
  needsQuery: boolean;
  /** Validation errors block any run. */
  blocked: boolean;
  /** Changes with every edit, so that each one restarts the pause. */
  formData: unknown;
  run: () => void;
}

export function usePreviewRefresh({ enabled, needsQuery, blocked, formData, run }: PreviewRefresh): void {
  // The latest run, without restarting the pause whenever the page renders.
  const latestRun = useRef(run);
  latestRun.current = run;
  // biome-ignore lint/correctness/useExhaustiveDependencies: formData restarts the pause on every edit
  useEffect(() => {
    if (!enabled || !needsQuery || blocked) return;
    const timer = window.setTimeout(() => latestRun.current(), PREVIEW_REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, needsQuery, blocked, formData]);
}
