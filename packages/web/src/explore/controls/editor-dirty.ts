// How an editor inside an EditorPopover tells it whether it holds unsaved edits.
import { createContext, useContext, useEffect } from 'react';

export const EditorDirtyContext = createContext<((dirty: boolean) => void) | null>(null);

/** Reports the editor's unsaved state to the popover around it (none: nothing to report to). */
export function useReportDirty(dirty: boolean): void {
  const report = useContext(EditorDirtyContext);
  useEffect(() => {
    report?.(dirty);
  }, [report, dirty]);
  useEffect(() => () => report?.(false), [report]);
}
