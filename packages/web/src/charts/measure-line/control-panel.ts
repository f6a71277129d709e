// Measure line controls: the measure definitions, the time axis with its grain, series and filters.

import { MEASURES_CONTROL } from '../measure/control-panel';
import {
  adhocFilters,
  DATASOURCE_SECTION,
  groupby,
  querySection,
  rowLimit,
  TIME_SECTION,
  timeGrain,
  xAxis,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([MEASURES_CONTROL, xAxis(), timeGrain(), groupby(), adhocFilters(), rowLimit(10000)]),
  ],
};

export default controlPanel;
