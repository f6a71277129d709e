// Dashboard charts take turns for their first drawing: a few charts' render, commit and first draw (ECharts' init
// and setOption, a big number's text fitting, a table's rows) per task of the browser, in the order their answers
// came. Between two turns the main thread is free: the browser paints the charts just drawn, handles input, and
// React commits the next answers. Fifty answers arriving together no longer become one long task that draws them all
// before any is shown; a few charts a turn rather than one keeps the frames painted in between (style, layout and
// paint of the whole page each) from adding up.
import { useEffect, useRef, useState } from 'react';
import { yieldToBrowser } from '../api/ndjson';

type Grant = () => void;

/** How many charts draw in one turn (one React commit). */
export const DRAW_TURN_CHARTS = 3;

/** The charts waiting for their turn, first come first served. */
const waiting: Grant[] = [];
/** Charts of the current turn that have not drawn yet. */
let holders = 0;
/** The next turn waits for the browser. */
let yielding = false;

function grantTurn(): void {
  yielding = false;
  const turn = waiting.splice(0, DRAW_TURN_CHARTS);
  holders = turn.length;
  for (const grant of turn) grant();
}

/** Asks for a turn; `grant` is called when it comes. Returns a cancel for a chart that goes away before its turn. */
export function requestDrawTurn(grant: Grant): () => void {
  waiting.push(grant);
  if (holders === 0 && !yielding) grantTurn();
  return () => {
    const index = waiting.indexOf(grant);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/** One chart of the turn has drawn; once all have, the next turn comes in a task of its own. */
export function drawTurnDone(): void {
  holders = Math.max(0, holders - 1);
  if (holders > 0 || yielding) return;
  yielding = true;
  void yieldToBrowser().then(grantTurn);
}

/** Forgets every waiting chart (tests; leaving a page unmounts its charts, which cancel their own turns). */
export function resetDrawQueue(): void {
  waiting.length = 0;
  holders = 0;
  yielding = false;
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
