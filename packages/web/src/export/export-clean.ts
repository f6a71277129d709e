// What an exported picture of the page leaves out: menu buttons and other controls that only work on screen, and
// the scrollbars of panes that scroll (a table in a small cell), which would be drawn as grey bars in the image.

/** The parts of an element html-to-image reads to decide what to keep. */
export interface ExportNode {
  classList?: { contains: (name: string) => boolean } | undefined;
  getAttribute?: ((name: string) => string | null) | undefined;
}

/** Class names and data-test values of things that are for the screen only. */
const SCREEN_ONLY_CLASSES = ['ant-dropdown-trigger', 'ant-popover', 'ant-tooltip'];
const SCREEN_ONLY_TESTS = new Set(['chart-menu', 'resize-handle']);

/** Whether a node is left out of an exported image (html-to-image's filter keeps a node when this is false). */
export function screenOnly(node: ExportNode): boolean {
  if (node.getAttribute?.('data-export') === 'hide') return true;
  if (SCREEN_ONLY_TESTS.has(node.getAttribute?.('data-test') ?? '')) return true;
  return SCREEN_ONLY_CLASSES.some((name) => node.classList?.contains(name) ?? false);
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
