// The ECharts core all ECharts viz types share (canvas renderer, grid, tooltip, legend, graphic); each viz type's
// Chart module registers its own chart types with `use`, so a chart chunk carries only what it draws.
import { GraphicComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init as echartsInit, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { echartsLocaleName } from '../../i18n/echarts-locale';
import { activeLocale } from '../../i18n/i18n';

use([CanvasRenderer, GridComponent, TooltipComponent, LegendComponent, GraphicComponent]);

export { use } from 'echarts/core';

/** Every chart is drawn in the active language (month and day names of time axes). */
export const init: typeof echartsInit = (dom, theme, options) =>
  echartsInit(dom, theme, { locale: echartsLocaleName(activeLocale()), ...options });
