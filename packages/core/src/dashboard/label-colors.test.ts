import { describe, expect, it } from 'vitest';
import { forcedLabelColors, sharedLabelColors } from './label-colors.js';

const scheme = ['#111111', '#222222', '#333333'];

describe('shared label colours', () => {
  it('keeps the labels two charts or more drew, with the colour they were drawn in, sorted', () => {
    const drawn = new Map([
      [
        7,
        new Map([
          ['girl', '#222222'],
          ['boy', '#111111'],
          ['other', '#333333'],
        ]),
      ],
      [
        3,
        new Map([
          ['boy', '#111111'],
          ['girl', '#222222'],
        ]),
      ],
    ]);
    const saved = sharedLabelColors(drawn, scheme);
    expect(saved).toEqual({ shared_label_colors: { boy: '#111111', girl: '#222222' }, color_scheme_domain: scheme });
    expect(Object.keys(saved.shared_label_colors)).toEqual(['boy', 'girl']);
  });

  it('the lowest chart id wins when two charts drew a label differently', () => {
    const drawn = new Map([
      [9, new Map([['boy', '#333333']])],
      [2, new Map([['boy', '#111111']])],
    ]);
    expect(sharedLabelColors(drawn, scheme).shared_label_colors).toEqual({ boy: '#111111' });
  });

  it('forces saved colours on load, label_colors winning over them', () => {
    const forced = forcedLabelColors(
      {
        label_colors: { girl: '#abcdef' },
        shared_label_colors: { boy: '#333333', girl: '#111111' },
        color_scheme_domain: scheme,
      },
      scheme,
    );
    expect(forced).toEqual({ boy: '#333333', girl: '#abcdef' });
  });

  it('takes a list of shared labels (later Superset) in the order of the scheme', () => {
    expect(forcedLabelColors({ shared_label_colors: ['a', 'b', 'c', 'd'] }, scheme)).toEqual({
      a: '#111111',
      b: '#222222',
      c: '#333333',
      d: '#111111',
    });
  });

  it('drops shared colours saved under another scheme, keeping label_colors', () => {
    const forced = forcedLabelColors(
      { label_colors: { x: '#000000' }, shared_label_colors: { boy: '#999999' }, color_scheme_domain: ['#999999'] },
      scheme,
    );
    expect(forced).toEqual({ x: '#000000' });
  });
});
