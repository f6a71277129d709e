// "Download as image" and "Download as PDF": a chart's canvases (ECharts draws on canvas) flattened on white, or the
// element rendered with its styles (tables, whole dashboards), as a PNG or a paged PDF.

import { saveBlob } from '../../chart-data/chart-data-api';
import { hideScrollbars, leftOutOfExport } from '../../export/export-clean';
import { imagePdf } from '../../export/image-pdf';
import { type Box, safeBreaks } from '../../export/page-breaks';

function canvasToBlob(canvas: HTMLCanvasElement, type = 'image/png'): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be drawn as an image'))),
      type,
      0.92,
    ),
  );
}

function whiteCanvas(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.scale(ratio, ratio);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  return [canvas, context];
}

/** The element as the page renders it, styles, text and canvases included (html-to-image, loaded on demand). */
async function renderedCanvas(element: HTMLElement): Promise<HTMLCanvasElement> {
  const { toCanvas } = await import('html-to-image');
  // The picture shows content: no menu buttons, no scrollbars of panes that scroll on screen.
  const restore = hideScrollbars(element);
  try {
    // The app draws with system fonts: no web font to embed, so html-to-image need not read every stylesheet for one.
    return await toCanvas(element, {
      backgroundColor: '#fff',
      pixelRatio: window.devicePixelRatio || 1,
      cacheBust: false,
      skipFonts: true,
      filter: (node) => !leftOutOfExport(node),
    });
  } finally {
    restore();
  }
}

/**
 * What the element shows on a white canvas. A chart drawn on canvases is copied layer by layer (fast, exact);
 * anything else, or the whole element when asked (a dashboard with its titles and markdown), is rendered.
 */
export async function elementCanvas(element: HTMLElement, whole = false): Promise<HTMLCanvasElement> {
  const canvases = [...element.querySelectorAll('canvas')];
  if (whole || canvases.length === 0) return renderedCanvas(element);
  const box = element.getBoundingClientRect();
  const [canvas, context] = whiteCanvas(box.width, box.height);
  for (const layer of canvases) {
    const rect = layer.getBoundingClientRect();
    context.drawImage(layer, rect.left - box.left, rect.top - box.top, rect.width, rect.height);
  }
  return canvas;
}

/** The PNG of what the element shows. */
export async function chartImage(element: HTMLElement, whole = false): Promise<Blob> {
  return canvasToBlob(await elementCanvas(element, whole));
}

const fileName = (name: string, fallback: string) => name.replace(/[^\w.-]+/g, '_') || fallback;

export async function downloadChartImage(element: HTMLElement, name: string, whole = false): Promise<void> {
  saveBlob(await chartImage(element, whole), `${fileName(name, 'chart')}.png`);
}

/** The boxes of a dashboard's components inside the element, from its top: pages end between them. */
function componentBoxes(element: HTMLElement, top: number): Box[] {
  const selector = ['CHART', 'MARKDOWN', 'HEADER', 'DIVIDER'].map((type) => `[data-layout-type="${type}"]`).join(',');
  return [...element.querySelectorAll(selector)].map((component) => {
    const rect = component.getBoundingClientRect();
    return { top: rect.top - top, bottom: rect.bottom - top };
  });
}

/** "Download as PDF": the element as a JPEG on landscape A4-proportioned pages, cut between components. */
export async function downloadElementPdf(element: HTMLElement, name: string): Promise<void> {
  const box = element.getBoundingClientRect();
  const breaks = safeBreaks(componentBoxes(element, box.top));
  const canvas = await elementCanvas(element, true);
  const jpeg = new Uint8Array(await (await canvasToBlob(canvas, 'image/jpeg')).arrayBuffer());
  const pdf = imagePdf({
    jpeg,
    pixelWidth: canvas.width,
    pixelHeight: canvas.height,
    cssWidth: box.width,
    cssHeight: box.height,
    breaks,
  });
  saveBlob(new Blob([pdf], { type: 'application/pdf' }), `${fileName(name, 'dashboard')}.pdf`);
}
