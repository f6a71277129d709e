import { afterEach, describe, expect, it } from 'vitest';
import { drawTurnDone, requestDrawTurn, resetDrawQueue } from './draw-queue';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => resetDrawQueue());

describe('draw queue', () => {
  it('grants one turn at a time, in the order asked, the next only after the current one is done', async () => {
    const granted: string[] = [];
    for (const name of ['a', 'b', 'c']) requestDrawTurn(() => granted.push(name));
    expect(granted).toEqual(['a']);
    await settle();
    expect(granted).toEqual(['a']);
    drawTurnDone();
    expect(granted).toEqual(['a']);
    await settle();
    expect(granted).toEqual(['a', 'b']);
    drawTurnDone();
    await settle();
    expect(granted).toEqual(['a', 'b', 'c']);
    drawTurnDone();
    await settle();
    requestDrawTurn(() => granted.push('d'));
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a chart gone before its turn is skipped', async () => {
    const granted: string[] = [];
    requestDrawTurn(() => granted.push('a'));
    const cancel = requestDrawTurn(() => granted.push('b'));
    requestDrawTurn(() => granted.push('c'));
    cancel();
    drawTurnDone();
    await settle();
    expect(granted).toEqual(['a', 'c']);
  });
});
