// What an exported picture of the page leaves out: menu buttons and other controls that only work on screen, and
// the scrollbars of panes that scroll (a table in a small cell), which would be drawn as grey bars in the image.

/** The parts of an element html-to-image reads to decide what to keep. */
export interface ExportNode {
  classList?: { contains: (name: string) => boolean } | undefined;
  getAttribute?: ((name: string) => string | null) | undefined;
  parentElement?: ExportNode | null | undefined;
}

/** Class names and data-test values of things that are for the screen only. */
const SCREEN_ONLY_CLASSES = ['ant-dropdown-trigger', 'ant-popover', 'ant-tooltip'];
/** Screen-only things that float over the page: left out whole, since they take no room in the layout. */
const FLOATING_CLASSES = ['ant-popover', 'ant-tooltip'];
const SCREEN_ONLY_TESTS = new Set(['chart-menu', 'resize-handle']);

/** Whether a node is left out of an exported image (html-to-image's filter keeps a node when this is false). */
export function screenOnly(node: ExportNode): boolean {
  if (node.getAttribute?.('data-export') === 'hide') return true;
  if (SCREEN_ONLY_TESTS.has(node.getAttribute?.('data-test') ?? '')) return true;
  return SCREEN_ONLY_CLASSES.some((name) => node.classList?.contains(name) ?? false);
}

/**
 * Whether html-to-image leaves a node out of the copy (its filter keeps a node when this is false). A screen-only
 * control stays as an empty box and only what it draws goes: dropping the control itself would let the header's
 * other parts (the elapsed time, a truncated title) slide into its room, so the picture would not match the screen.
 * Styles set on the live control to hide it are not enough: html-to-image's copy drew the menu's icon regardless.
 */
export function leftOutOfExport(node: ExportNode): boolean {
  if (FLOATING_CLASSES.some((name) => node.classList?.contains(name) ?? false)) return true;
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    if (screenOnly(parent)) return true;
  }
  return false;
}

/** Whether an overflow value gives the element scrollbars. */
export function scrolls(overflow: string): boolean {
  return /\b(auto|scroll)\b/.test(overflow);
}

/**
 * Hides the scrollbars under the element while it is copied: html-to-image copies computed styles into its clone,
 * so `scrollbar-width: none` set here is what the clone is drawn with. Returns the undo.
 */
export function hideScrollbars(element: HTMLElement): () => void {
  const changed: Array<[HTMLElement, string]> = [];
  for (const node of [element, ...element.querySelectorAll<HTMLElement>('*')]) {
    const style = getComputedStyle(node);
    if (!scrolls(`${style.overflow} ${style.overflowX} ${style.overflowY}`)) continue;
    changed.push([node, node.style.scrollbarWidth]);
    node.style.scrollbarWidth = 'none';
  }
  return () => {
    for (const [node, previous] of changed) node.style.scrollbarWidth = previous;
  };
}
