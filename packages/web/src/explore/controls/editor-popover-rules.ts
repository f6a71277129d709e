// When an editor popover (filter, metric, column) may close: Escape meant for an open list inside it never closes
// it, and unsaved edits are confirmed before they are thrown away.

/** Why antd asked the popover to close: Escape, or a click outside it (or on its own trigger). */
export type CloseReason = 'escape' | 'outside';

/** What the popover does with a close request. */
export type CloseDecision = 'ignore' | 'confirm' | 'close';

export interface CloseState {
  reason: CloseReason;
  /** A list, picker or menu inside the popover was open when Escape was pressed: Escape was for it. */
  innerPopupOpen: boolean;
  /** The editor holds edits not saved yet. */
  dirty: boolean;
  /** The "Discard changes?" question is already on screen. */
  confirming: boolean;
}

export function closeDecision({ reason, innerPopupOpen, dirty, confirming }: CloseState): CloseDecision {
  if (confirming) return 'ignore';
  if (reason === 'escape' && innerPopupOpen) return 'ignore';
  return dirty ? 'confirm' : 'close';
}

/** A plain value with its object keys sorted, so that two drafts compare by content and not by key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, canonical(item)]),
    );
  }
  return value;
}

/**
 * Whether a draft differs from what the editor opened with. Keys that only say how the editor is shown (the open
 * tab) are left out: looking at another tab is not an edit.
 */
export function draftChanged<T extends object>(initial: T, draft: T, viewKeys: ReadonlyArray<keyof T> = []): boolean {
  const strip = (value: T) => {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of viewKeys) delete copy[key as string];
    return JSON.stringify(canonical(copy));
  };
  return strip(initial) !== strip(draft);
}
