// One ECharts instance in React: created on mount, resized with its width and height props, disposed on unmount; reports the
// first drawn frame, clicks (cross-filters) and right-clicks (drill context menu).
import type { ECElementEvent, EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { init } from './echarts-core';

export interface EChartProps {
  option: EChartsCoreOption;
  width: number;
  height: number;
  /**
   * Called after the first frame drawn for each new option (chart state "rendered"): the chart is on screen then;
   * waiting for 'finished' would count the entry animation too, seconds on a dashboard of fifty charts.
   */
  onRenderSuccess?: () => void;
  onClick?: (event: ECElementEvent) => void;
  /** Right-click on a data element, with the page coordinates of the pointer. */
  onContextMenu?: (event: ECElementEvent, x: number, y: number) => void;
  /** Other ECharts events by name (legendselectchanged, …). */
  events?: Record<string, (event: unknown) => void>;
}

/** The chart's element holds its ECharts instance, so devtools and browser tests can read what was drawn. */
export type EChartElement = HTMLDivElement & { echartsInstance?: EChartsType };

export default function EChart({
  option,
  width,
  height,
  onRenderSuccess,
  onClick,
  onContextMenu,
  events,
}: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  // Handlers change on every render; the instance reads the latest ones instead of rebinding.
  const handlers = useRef({ onRenderSuccess, onClick, onContextMenu, events });
  handlers.current = { onRenderSuccess, onClick, onContextMenu, events };
  // Set by each new option, cleared by the frame that draws it.
  const pending = useRef(false);

  // The size comes from the props (measured once by the chart's container): given to ECharts, it never reads the
  // element's size itself, which on a dashboard would force a layout of the page for every chart drawn.
  const size = useRef({ width, height });
  size.current = { width, height };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas', ...size.current });
    chart.current = instance;
    (element as EChartElement).echartsInstance = instance;
    instance.on('rendered', () => {
      if (!pending.current) return;
      pending.current = false;
      handlers.current.onRenderSuccess?.();
    });
    instance.on('click', (event) => handlers.current.onClick?.(event as ECElementEvent));
    instance.on('contextmenu', (event) => {
      const handler = handlers.current.onContextMenu;
      if (!handler) return;
      const pointer = (event as ECElementEvent).event?.event as MouseEvent | undefined;
      pointer?.preventDefault();
      // The menu opens where the item's tooltip is: the tooltip would cover it.
      instance.dispatchAction({ type: 'hideTip' });
      handler(event as ECElementEvent, pointer?.clientX ?? 0, pointer?.clientY ?? 0);
    });
    for (const name of Object.keys(handlers.current.events ?? {})) {
      instance.on(name, (event) => handlers.current.events?.[name]?.(event));
    }
    return () => {
      delete (element as EChartElement).echartsInstance;
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || (instance.getWidth() === width && instance.getHeight() === height)) return;
    instance.resize({ width, height });
  }, [width, height]);

  useEffect(() => {
    pending.current = true;
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(option, { notMerge: true, lazyUpdate: false });
    // A click that cross-filters leaves the clicked element highlighted and the others blurred (emphasis focus); the
    // pointer has left by the time the selection is cleared, so no mouseout resets them: the new option must.
    instance.dispatchAction({ type: 'downplay' });
  }, [option]);

  return <div ref={box} data-echarts style={{ width, height }} />;
}
