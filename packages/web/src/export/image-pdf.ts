// A PDF of one JPEG image cut into pages, written by hand: a dashboard's "Download as PDF" needs only an image
// XObject per document and a clipped placement per page, which does not justify a PDF library in the bundle.
import { type PageSlice, sliceAtBreaks } from './page-breaks';

/** A JPEG and the size it is shown at, in CSS pixels (its pixel size may be larger on high-density screens). */
export interface PdfImage {
  jpeg: Uint8Array;
  pixelWidth: number;
  pixelHeight: number;
  cssWidth: number;
  cssHeight: number;
  /** Heights (CSS px from the top) where a page may end without cutting through a component. */
  breaks?: readonly number[];
}

/** Points per CSS pixel: 72 pt per inch over 96 px per inch. */
const PT_PER_PX = 0.75;
/** Landscape A4 (297 × 210 mm): pages keep its proportions at the image's width. */
const PAGE_RATIO = 210 / 297;

const encoder = new TextEncoder();

/** How tall each page is and which slice of the image each page shows, in points; pages end at breaks when they can. */
export function pageSlices(
  width: number,
  height: number,
  breaks: readonly number[] = [],
): { pageHeight: number; slices: PageSlice[] } {
  const pageHeight = Math.max(1, Math.round(width * PAGE_RATIO * 100) / 100);
  return { pageHeight, slices: sliceAtBreaks(height, pageHeight, breaks) };
}

const num = (value: number) => String(Math.round(value * 100) / 100);

/** The PDF bytes: one catalog, one page tree, the image once, and a page (with its content stream) per slice. */
export function imagePdf(image: PdfImage): Uint8Array<ArrayBuffer> {
  if (image.jpeg.length < 4 || image.jpeg[0] !== 0xff || image.jpeg[1] !== 0xd8) {
    throw new Error('The image is not a JPEG');
  }
  const width = image.cssWidth * PT_PER_PX;
  const height = image.cssHeight * PT_PER_PX;
  const breaks = (image.breaks ?? []).map((at) => at * PT_PER_PX);
  const { pageHeight, slices } = pageSlices(width, height, breaks);
  const pageIds = slices.map((_, index) => 4 + index * 2);
  const parts: Uint8Array[] = [];
  const objectOffsets: number[] = [];
  let length = 0;
  const push = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string, stream?: Uint8Array) => {
    objectOffsets[id] = length;
    push(`${id} 0 obj\n${body}\n`);
    if (stream) {
      push('stream\n');
      push(stream);
      push('\nendstream\n');
    }
    push('endobj\n');
  };

  // The binary comment line tells readers the file holds 8-bit data.
  push('%PDF-1.4\n');
  push(new Uint8Array([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
  object(
    3,
    `<< /Type /XObject /Subtype /Image /Width ${image.pixelWidth} /Height ${image.pixelHeight} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.jpeg.length} >>`,
    image.jpeg,
  );
  slices.forEach(({ offset, height: shown }, index) => {
    const pageId = pageIds[index] as number;
    // PDF's origin is the bottom left: the image is placed so that the slice starting `offset` down fills the page.
    // A page ended early at a break clips what lies below it, which the next page shows.
    const clip =
      offset + shown < height - 1e-6 && shown < pageHeight - 1e-6
        ? `0 ${num(pageHeight - shown)} ${num(width)} ${num(shown)} re W n `
        : '';
    const content = encoder.encode(
      `q ${clip}${num(width)} 0 0 ${num(height)} 0 ${num(pageHeight + offset - height)} cm /Im0 Do Q`,
    );
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(width)} ${num(pageHeight)}] /Resources << /XObject << /Im0 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
    );
    object(pageId + 1, `<< /Length ${content.length} >>`, content);
  });
  const size = 4 + pageIds.length * 2;
  const xref = length;
  push(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let id = 1; id < size; id += 1) push(`${String(objectOffsets[id] ?? 0).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);

  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
