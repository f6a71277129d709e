import { describe, expect, it } from 'vitest';
import { safeBreaks, sliceAtBreaks } from './page-breaks';

describe('safe page breaks', () => {
  it('keeps the bottoms that no box spans', () => {
    // Two rows: [0, 400] beside a taller [0, 500], then a row at [516, 916].
    const boxes = [
      { top: 0, bottom: 400 },
      { top: 0, bottom: 500 },
      { top: 516, bottom: 916 },
    ];
    expect(safeBreaks(boxes)).toEqual([500, 916]);
  });

  it('offers nothing when every bottom is inside another box', () => {
    expect(
      safeBreaks([
        { top: 0, bottom: 100 },
        { top: 50, bottom: 200 },
        { top: 150, bottom: 300 },
      ]),
    ).toEqual([300]);
  });
});

describe('slicing at breaks', () => {
  it('ends each page at the lowest break that fits, and the last page at the end', () => {
    expect(sliceAtBreaks(1000, 400, [300, 350, 700, 1000])).toEqual([
      { offset: 0, height: 350 },
      { offset: 350, height: 350 },
      { offset: 700, height: 300 },
    ]);
  });

  it('cuts at the page height when no break fits or the one that fits leaves the page nearly empty', () => {
    expect(sliceAtBreaks(900, 400, [])).toEqual([
      { offset: 0, height: 400 },
      { offset: 400, height: 400 },
      { offset: 800, height: 100 },
    ]);
    // 100 is under 35% of a 400 high page: the page is cut at 400 instead.
    expect(sliceAtBreaks(900, 400, [100])[0]).toEqual({ offset: 0, height: 400 });
  });

  it('a short image is one slice', () => {
    expect(sliceAtBreaks(120, 400, [60])).toEqual([{ offset: 0, height: 120 }]);
  });
});
