// The word cloud component: words placed by the spiral layout on SVG; a click cross-filters on the word.
import { useMemo } from 'react';
import { textWidth } from '../shared/big-number/fit-text';
import { drillFilters, hasSelection, isSelected, toggleCrossFilter } from '../shared/cross-filter';
import { useRenderSuccess } from '../shared/use-render-success';
import type { VizComponentProps } from '../types';
import type { WordCloudProps } from './transform-props';
import { layoutWords } from './word-layout';

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif";

export default function WordCloud({ props: cloud, width, height, hooks }: VizComponentProps<WordCloudProps>) {
  const placed = useMemo(
    () => layoutWords(cloud.words, width, height, cloud.rotation, (text, size) => textWidth(text, size, 600)),
    [cloud.words, cloud.rotation, width, height],
  );
  useRenderSuccess(hooks.onRenderSuccess, placed);
  const labelMap = useMemo(() => Object.fromEntries(cloud.words.map((word) => [word.text, [word.raw]])), [cloud.words]);
  const selection = hasSelection(cloud.filterState);
  const select = (text: string) =>
    hooks.setDataMask?.(toggleCrossFilter(cloud.groupby, labelMap, cloud.filterState, text));

  return (
    <svg width={width} height={height} role="img" aria-label={cloud.metricName} style={{ fontFamily: FONT }}>
      <title>{cloud.metricName}</title>
      {placed.map(({ word, x, y, rotate, fontSize }) => (
        // biome-ignore lint/a11y/useSemanticElements: SVG text cannot be a <button>; it acts as one for cross-filters.
        <text
          key={word.text}
          x={0}
          y={0}
          transform={`translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${rotate})`}
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={fontSize}
          fontWeight={600}
          fill={word.color}
          opacity={selection && !isSelected(cloud.filterState, word.text) ? 0.3 : 1}
          style={{ cursor: hooks.setDataMask ? 'pointer' : undefined }}
          role="button"
          tabIndex={0}
          onClick={() => select(word.text)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') select(word.text);
          }}
          onContextMenu={(event) => {
            if (!hooks.onContextMenu) return;
            event.preventDefault();
            hooks.onContextMenu(event.clientX, event.clientY, drillFilters(cloud.groupby, [word.raw]));
          }}
        >
          <title>{`${word.text}: ${cloud.formatter(word.value)} (${cloud.metricName})`}</title>
          {word.text}
        </text>
      ))}
    </svg>
  );
}
