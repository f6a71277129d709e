import { describe, expect, it } from 'vitest';
import { imagePdf, pageSlices } from './image-pdf';

// A JPEG's bytes as far as the writer cares: the SOI marker, anything, the EOI marker.
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');

function parse(bytes: Uint8Array) {
  const text = latin1(bytes);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const table = text.slice(startxref);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(table) ?? [];
  const entries = table
    .split('\n')
    .slice(2, 2 + Number(count))
    .map((line) => Number(line.slice(0, 10)));
  return { text, startxref, first: Number(first), count: Number(count), entries };
}

describe('imagePdf', () => {
  it('every xref entry points at the start of its object', () => {
    const { text, entries, count } = parse(
      imagePdf({ jpeg, pixelWidth: 200, pixelHeight: 900, cssWidth: 100, cssHeight: 450 }),
    );
    expect(count).toBe(entries.length);
    entries.slice(1).forEach((offset, index) => {
      expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${index + 1} 0 obj\\n`));
    });
  });

  it('embeds the JPEG once, unchanged, with its pixel size and length', () => {
    const bytes = imagePdf({ jpeg, pixelWidth: 640, pixelHeight: 480, cssWidth: 320, cssHeight: 240 });
    const text = latin1(bytes);
    expect(text).toContain('/Width 640 /Height 480');
    expect(text).toContain(`/Filter /DCTDecode /Length ${jpeg.length}`);
    const start = text.indexOf('stream\n') + 'stream\n'.length;
    expect(Array.from(bytes.slice(start, start + jpeg.length))).toEqual(Array.from(jpeg));
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('a tall image is cut into landscape A4 pages, each showing the next slice', () => {
    // 1000 × 2000 px is 750 × 1500 pt; a page is 750 × 530.3 pt, so three pages.
    const text = parse(imagePdf({ jpeg, pixelWidth: 1000, pixelHeight: 2000, cssWidth: 1000, cssHeight: 2000 })).text;
    expect(text).toContain('/Count 3');
    expect(text.match(/\/MediaBox \[0 0 750 530.3\]/g)).toHaveLength(3);
    const placements = [...text.matchAll(/q 750 0 0 1500 0 (-?[\d.]+) cm \/Im0 Do Q/g)].map((match) =>
      Number(match[1]),
    );
    expect(placements).toEqual([-969.7, -439.4, 90.9]);
  });

  it('a short image fits on one page', () => {
    const text = latin1(imagePdf({ jpeg, pixelWidth: 800, pixelHeight: 200, cssWidth: 800, cssHeight: 200 }));
    expect(text).toContain('/Count 1');
  });

  it('refuses bytes that are not a JPEG', () => {
    expect(() =>
      imagePdf({
        jpeg: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
        pixelWidth: 1,
        pixelHeight: 1,
        cssWidth: 1,
        cssHeight: 1,
      }),
    ).toThrow('The image is not a JPEG');
  });

  it('page slices cover the whole height and no more', () => {
    expect(pageSlices(297, 210)).toEqual({ pageHeight: 210, slices: [{ offset: 0, height: 210 }] });
    expect(pageSlices(297, 211).slices.map((slice) => slice.offset)).toEqual([0, 210]);
  });

  it('ends a page at a break between components and clips what lies below it', () => {
    // 1000 px wide is 750 pt: pages of 530.3 pt. A break at 600 px (450 pt) ends the first page there.
    const text = latin1(
      imagePdf({ jpeg, pixelWidth: 1000, pixelHeight: 1200, cssWidth: 1000, cssHeight: 1200, breaks: [600] }),
    );
    expect(text).toContain('/Count 2');
    const contents = [...text.matchAll(/q (.*?) cm \/Im0 Do Q/g)].map((match) => match[1]);
    // The first page shows 450 pt and clips the 80.3 pt below; the second starts at 450 pt down and needs no clip.
    expect(contents[0]).toBe('0 80.3 750 450 re W n 750 0 0 900 0 -369.7');
    expect(contents[1]).toBe('750 0 0 900 0 80.3');
  });
});
