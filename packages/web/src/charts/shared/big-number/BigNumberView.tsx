// The big number: a large value sized to the chart, a subheader or comparison, and an optional trendline.
import { LineChart } from 'echarts/charts';
import EChart from '../EChart';
import { use } from '../echarts-core';
import { TEXT_COLOR } from '../echarts-layout';
import { useRenderSuccess } from '../use-render-success';
import { fitFontSize } from './fit-text';
import type { BigNumberViewProps } from './types';

use([LineChart]);

interface Props extends BigNumberViewProps {
  width: number;
  height: number;
  onRenderSuccess?: () => void;
}

export default function BigNumberView(props: Props) {
  const { width, height, trendline, onRenderSuccess } = props;
  const textWidth = width * 0.92;
  const headerSize = fitFontSize(props.headerText, Math.max(12, height * props.headerFontSize), textWidth);
  const subheaderSize = fitFontSize(props.subheader, Math.max(10, height * props.subheaderFontSize), textWidth, 400);
  // The same line heights as the texts below, so the trendline takes exactly the rest.
  const textHeight = headerSize * 1.15 + 8 + (props.subheader ? subheaderSize * 1.4 : 0);
  const trendHeight = trendline ? Math.max(0, Math.floor(height - textHeight - 2)) : 0;

  // Without a trendline nothing draws asynchronously: the text is on screen after this commit.
  useRenderSuccess(trendline ? undefined : onRenderSuccess, trendline ? null : props.headerText + props.subheader);

  return (
    <div
      style={{
        width,
        height,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: trendline ? 'flex-start' : 'center',
        alignItems: 'center',
        overflow: 'hidden',
        fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif",
      }}
    >
      <div
        title={props.timestamp}
        data-test="big-number-header"
        style={{
          fontSize: headerSize,
          fontWeight: 600,
          lineHeight: 1.15,
          color: props.headerColor ?? '#1f1f1f',
          whiteSpace: 'nowrap',
          paddingTop: trendline ? 8 : 0,
        }}
      >
        {props.headerText}
      </div>
      {props.subheader && (
        <div
          style={{
            fontSize: subheaderSize,
            lineHeight: 1.4,
            color: props.subheaderColor ?? TEXT_COLOR,
            whiteSpace: 'nowrap',
            fontWeight: props.subheaderColor ? 600 : 400,
          }}
        >
          {props.subheader}
        </div>
      )}
      {props.timestamp && !trendline && <div style={{ fontSize: 12, color: '#8c8c8c' }}>{props.timestamp}</div>}
      {trendline && trendHeight > 20 && (
        <EChart option={trendline} width={width} height={trendHeight} onRenderSuccess={onRenderSuccess} />
      )}
    </div>
  );
}
