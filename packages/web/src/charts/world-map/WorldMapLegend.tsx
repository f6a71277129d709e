// The world map's colour legend: the data's minimum, one swatch per colour class (its range on hover), the maximum.
import type { NumberFormatter } from '../shared/number-format';
import type { ColorLegend } from './color-classes';

/** The legend's height; the map keeps this much free at the bottom of its box. */
export const WORLD_MAP_LEGEND_HEIGHT = 24;

interface WorldMapLegendProps {
  legend: ColorLegend;
  formatter: NumberFormatter;
  metricName: string;
}

export default function WorldMapLegend({ legend, formatter, metricName }: WorldMapLegendProps) {
  return (
    <div
      data-test="world-map-legend"
      data-min={legend.min}
      data-max={legend.max}
      title={metricName}
      style={{
        position: 'absolute',
        left: 8,
        bottom: 4,
        height: WORLD_MAP_LEGEND_HEIGHT - 4,
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        fontSize: 11,
        color: '#595959',
        maxWidth: 'calc(100% - 16px)',
        pointerEvents: 'auto',
      }}
    >
      <span data-test="world-map-legend-min">{formatter(legend.min)}</span>
      <span style={{ display: 'flex' }}>
        {legend.classes.map((item) => (
          <span
            key={item.from}
            data-test="world-map-legend-class"
            title={item.from === item.to ? formatter(item.from) : `${formatter(item.from)} – ${formatter(item.to)}`}
            style={{ width: 22, height: 10, background: item.color, border: '1px solid rgba(0,0,0,0.08)' }}
          />
        ))}
      </span>
      <span data-test="world-map-legend-max">{formatter(legend.max)}</span>
    </div>
  );
}
