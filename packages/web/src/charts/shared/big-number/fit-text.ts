// The largest font size (up to a ceiling) at which a text fits a width, measured on a canvas.

let context: CanvasRenderingContext2D | null = null;
/** Widths already measured: a dashboard's big numbers re-render with the same texts, and setting a font is slow. */
const measured = new Map<string, number>();
const MEASURED_LIMIT = 500;

export function textWidth(text: string, fontSize: number, fontWeight = 600): number {
  const key = `${fontWeight}|${fontSize}|${text}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return text.length * fontSize * 0.6;
  context.font = `${fontWeight} ${fontSize}px -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif`;
  const width = context.measureText(text).width;
  if (measured.size >= MEASURED_LIMIT) measured.clear();
  measured.set(key, width);
  return width;
}

export function fitFontSize(text: string, maxSize: number, width: number, fontWeight = 600): number {
  if (!text) return maxSize;
  const measured = textWidth(text, maxSize, fontWeight);
  return measured <= width ? maxSize : Math.max(8, Math.floor((maxSize * width) / measured));
}
