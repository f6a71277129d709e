// Where a tall dashboard image may be cut into pages without cutting through a chart: below a component, at a
// height no chart or markdown box spans. Pure, in CSS pixels from the top of the captured element.

export interface Box {
  top: number;
  bottom: number;
}

/** Heights where a cut crosses none of the boxes (the bottom edge of one of them, or the gap just below it). */
export function safeBreaks(boxes: readonly Box[]): number[] {
  const breaks = new Set<number>();
  for (const candidate of boxes) {
    const at = candidate.bottom;
    if (boxes.every((box) => at <= box.top || at >= box.bottom)) breaks.add(at);
  }
  return [...breaks].sort((a, b) => a - b);
}

export interface PageSlice {
  /** Where the page's slice starts down the image. */
  offset: number;
  /** How much of the image the page shows (a page cut at a break shows less than its height). */
  height: number;
}

/** A page cut at a break must still hold at least this share of a page; else it is cut at the page's height. */
const MIN_PAGE_FILL = 0.35;

/**
 * Slices of `height` for pages `pageHeight` tall, each ending at the lowest break that fits on the page (when that
 * break fills at least MIN_PAGE_FILL of it), else at the page's full height: a component taller than a page is cut.
 */
export function sliceAtBreaks(height: number, pageHeight: number, breaks: readonly number[]): PageSlice[] {
  const slices: PageSlice[] = [];
  const epsilon = 1e-6;
  let offset = 0;
  while (offset < height - epsilon) {
    const limit = offset + pageHeight;
    if (limit >= height - epsilon) {
      slices.push({ offset, height: height - offset });
      break;
    }
    const fitting = breaks.filter((at) => at > offset + pageHeight * MIN_PAGE_FILL && at <= limit + epsilon);
    const end = fitting.length > 0 ? Math.max(...fitting) : limit;
    slices.push({ offset, height: end - offset });
    offset = end;
  }
  return slices.length > 0 ? slices : [{ offset: 0, height }];
}
