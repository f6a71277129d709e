// Dashboard charts take turns for their first drawing: one chart's render, commit and first draw (ECharts' init and
// setOption, a big number's text fitting, a table's rows) per task of the browser, in the order their answers came.
// Between two charts the main thread is free: the browser paints the chart just drawn, handles input, and React
// commits the next answers. Fifty answers arriving together no longer become one long task that draws them all
// before any is shown.
import { useEffect, useRef, useState } from 'react';
import { yieldToBrowser } from '../api/ndjson';

type Grant = () => void;

/** The charts waiting for their turn, first come first served. */
const waiting: Grant[] = [];
let busy = false;

function grantNext(): void {
  const grant = waiting.shift();
  busy = grant !== undefined;
  grant?.();
}

/** Asks for a turn; `grant` is called when it comes. Returns a cancel for a chart that goes away before its turn. */
export function requestDrawTurn(grant: Grant): () => void {
  waiting.push(grant);
  if (!busy) grantNext();
  return () => {
    const index = waiting.indexOf(grant);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/** The turn's chart has drawn: the next one draws in a task of its own, after the browser had its say. */
export function drawTurnDone(): void {
  void yieldToBrowser().then(grantNext);
}

/** Forgets every waiting chart (tests; leaving a page unmounts its charts, which cancel their own turns). */
export function resetDrawQueue(): void {
  waiting.length = 0;
  busy = false;
}

/**
 * Whether the chart may draw: false until its turn came (asked for once `wanted`, i.e. it has data to draw), then
 * true for the rest of its life: redrawing a chart already on screen (new filters, a resize) does not queue again.
 * The turn ends after the commit that drew it: effects run children first, so the chart's own drawing effects have
 * run by then.
 */
export function useDrawTurn(wanted: boolean): boolean {
  const [granted, setGranted] = useState(false);
  /** Between the grant and the commit that drew with it. */
  const holding = useRef(false);
  useEffect(() => {
    if (!wanted || granted) return;
    let active = true;
    const cancel = requestDrawTurn(() => {
      if (!active) {
        drawTurnDone();
        return;
      }
      holding.current = true;
      setGranted(true);
    });
    return () => {
      active = false;
      cancel();
    };
  }, [wanted, granted]);
  useEffect(() => {
    if (!granted || !holding.current) return;
    holding.current = false;
    drawTurnDone();
  }, [granted]);
  // A chart that goes away between its grant and its commit hands the turn on.
  useEffect(
    () => () => {
      if (holding.current) drawTurnDone();
    },
    [],
  );
  return granted;
}
