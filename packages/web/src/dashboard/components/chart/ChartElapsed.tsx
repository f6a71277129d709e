// A chart's running state and elapsed time. Plain elements, and the running time written by a shared ticker: a
// dashboard of fifty loading charts would otherwise re-render fifty antd labels ten times a second.
import { Spin } from 'antd';
import { memo, useRef } from 'react';
import { elapsedSeconds, formatElapsed, useTickingElapsed } from '../../hooks/use-elapsed';

interface Props {
  startTime: number;
  endTime: number | null;
  running: boolean;
}

function ChartElapsed({ startTime, endTime, running }: Props) {
  const text = useRef<HTMLSpanElement>(null);
  useTickingElapsed(text, startTime, running);
  return (
    <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)', whiteSpace: 'nowrap' }} data-test="chart-elapsed">
      {running ? <Spin size="small" style={{ marginRight: 6 }} /> : null}
      <span ref={text}>{formatElapsed(elapsedSeconds(startTime, running ? null : endTime, Date.now()))}</span>
    </span>
  );
}

export default memo(ChartElapsed);
