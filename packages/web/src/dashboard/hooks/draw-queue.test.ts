import { afterEach, describe, expect, it } from 'vitest';
import { DRAW_TURN_CHARTS, drawTurnDone, requestDrawTurn, resetDrawQueue } from './draw-queue';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const upTo = (count: number) => [...Array(count).keys()];

afterEach(() => resetDrawQueue());

describe('draw queue', () => {
  it('grants turns of a few charts in the order asked, the next only once the current one has drawn', async () => {
    const granted: number[] = [];
    const total = 1 + DRAW_TURN_CHARTS + 1;
    // Nothing drawing: the first chart to ask draws at once, the others wait for the next turn.
    for (let chart = 0; chart < total; chart += 1) requestDrawTurn(() => granted.push(chart));
    expect(granted).toEqual([0]);
    await settle();
    expect(granted).toEqual([0]);
    drawTurnDone();
    // The next turn waits for the browser: a task of its own.
    expect(granted).toEqual([0]);
    await settle();
    expect(granted).toEqual(upTo(1 + DRAW_TURN_CHARTS));
    for (let chart = 1; chart < DRAW_TURN_CHARTS; chart += 1) drawTurnDone();
    await settle();
    expect(granted).toEqual(upTo(1 + DRAW_TURN_CHARTS));
    drawTurnDone();
    await settle();
    expect(granted).toEqual(upTo(total));
    drawTurnDone();
    await settle();
    requestDrawTurn(() => granted.push(total));
    expect(granted).toEqual(upTo(total + 1));
  });

  it('a chart gone before its turn is skipped', async () => {
    const granted: string[] = [];
    requestDrawTurn(() => granted.push('first'));
    const cancel = requestDrawTurn(() => granted.push('gone'));
    requestDrawTurn(() => granted.push('next'));
    cancel();
    drawTurnDone();
    await settle();
    expect(granted).toEqual(['first', 'next']);
  });
});
