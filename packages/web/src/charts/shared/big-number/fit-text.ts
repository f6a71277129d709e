// The largest font size (up to a ceiling) at which a text fits a width, measured on a canvas.

let context: CanvasRenderingContext2D | null = null;
/** The font last set on the context (reading `context.font` back gives a normalised string). */
let contextFont = '';
/**
 * Widths at REFERENCE_SIZE by weight and text. A text's width grows in proportion to its font size, so each text is
 * measured once and scaled: the word cloud tries its words at up to twenty scales, and setting a canvas font is the
 * slow part of a measure (it was most of a 50-chart dashboard's script time before).
 */
const measured = new Map<string, number>();
const MEASURED_LIMIT = 2000;
const REFERENCE_SIZE = 100;

export function textWidth(text: string, fontSize: number, fontWeight = 600): number {
  const key = `${fontWeight}|${text}`;
  let width = measured.get(key);
  if (width === undefined) {
    context ??= document.createElement('canvas').getContext('2d');
    if (!context) return text.length * fontSize * 0.6;
    const font = `${fontWeight} ${REFERENCE_SIZE}px -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif`;
    if (contextFont !== font) {
      context.font = font;
      contextFont = font;
    }
    width = context.measureText(text).width;
    if (measured.size >= MEASURED_LIMIT) measured.clear();
    measured.set(key, width);
  }
  return (width * fontSize) / REFERENCE_SIZE;
}

export function fitFontSize(text: string, maxSize: number, width: number, fontWeight = 600): number {
  if (!text) return maxSize;
  const measured = textWidth(text, maxSize, fontWeight);
  return measured <= width ? maxSize : Math.max(8, Math.floor((maxSize * width) / measured));
}
