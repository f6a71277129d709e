// A chart's running state and elapsed time. Its own component, so that the tenth-of-a-second ticks of fifty
// running charts re-render fifty small labels, not fifty charts with their menus and titles.
import { Spin, Typography } from 'antd';
import { formatElapsed, useElapsed } from '../../hooks/use-elapsed';

interface Props {
  startTime: number;
  endTime: number | null;
  running: boolean;
}

export default function ChartElapsed({ startTime, endTime, running }: Props) {
  const elapsed = useElapsed(startTime, endTime, running);
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-test="chart-elapsed">
      {running ? <Spin size="small" style={{ marginRight: 6 }} /> : null}
      {formatElapsed(elapsed)}
    </Typography.Text>
  );
}
