// Graph controls: edges (source, target, metric), node categories, layout and interaction.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  legendControls,
  metric,
  numberControl,
  querySection,
  rowLimit,
  select,
  TIME_SECTION,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby('source', i18nKey('Source'), { multi: false, validators: ['nonEmpty'] }),
      groupby('target', i18nKey('Target'), { multi: false, validators: ['nonEmpty'] }),
      metric(),
      groupby('source_category', i18nKey('Source category'), { multi: false }),
      groupby('target_category', i18nKey('Target category'), { multi: false }),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        ...legendControls(),
        select(
          'layout',
          i18nKey('Graph layout'),
          [
            ['force', i18nKey('Force')],
            ['circular', i18nKey('Circular')],
          ],
          'force',
        ),
        select(
          'edgeSymbol',
          i18nKey('Edge symbols'),
          [
            ['none,none', i18nKey('None')],
            ['none,arrow', i18nKey('One way')],
            ['arrow,arrow', i18nKey('Two way')],
          ],
          'none,arrow',
        ),
        checkbox('draggable', i18nKey('Enable node dragging'), false),
        select(
          'roam',
          i18nKey('Enable graph roaming'),
          [
            [false, i18nKey('Disabled')],
            ['scale', i18nKey('Scale only')],
            ['move', i18nKey('Move only')],
            [true, i18nKey('Scale and Move')],
          ],
          false,
        ),
        numberControl('baseNodeSize', i18nKey('Node size'), 20),
        numberControl('baseEdgeWidth', i18nKey('Edge width'), 3),
        numberControl('edgeLength', i18nKey('Edge length'), 400),
        numberControl('gravity', i18nKey('Gravity'), 0.3),
        numberControl('repulsion', i18nKey('Repulsion'), 1000),
        numberControl('friction', i18nKey('Friction'), 0.2),
      ],
    },
  ],
};

export default controlPanel;
