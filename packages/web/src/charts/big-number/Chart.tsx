// The big number with trendline component.
import BigNumberView from '../shared/big-number/BigNumberView';
import type { BigNumberViewProps } from '../shared/big-number/types';
import type { VizComponentProps } from '../types';

export default function BigNumber({ props, width, height, hooks }: VizComponentProps<BigNumberViewProps>) {
  return <BigNumberView {...props} width={width} height={height} onRenderSuccess={hooks.onRenderSuccess} />;
}
