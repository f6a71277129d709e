// Graph controls: edges (source, target, metric), node categories, layout and interaction.
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
      groupby('source', 'Source', { multi: false, validators: ['nonEmpty'] }),
      groupby('target', 'Target', { multi: false, validators: ['nonEmpty'] }),
      metric(),
      groupby('source_category', 'Source category', { multi: false }),
      groupby('target_category', 'Target category', { multi: false }),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        ...legendControls(),
        select(
          'layout',
          'Graph layout',
          [
            ['force', 'Force'],
            ['circular', 'Circular'],
          ],
          'force',
        ),
        select(
          'edgeSymbol',
          'Edge symbols',
          [
            ['none,none', 'None'],
            ['none,arrow', 'One way'],
            ['arrow,arrow', 'Two way'],
          ],
          'none,arrow',
        ),
        checkbox('draggable', 'Enable node dragging', false),
        select(
          'roam',
          'Enable graph roaming',
          [
            [false, 'Disabled'],
            ['scale', 'Scale only'],
            ['move', 'Move only'],
            [true, 'Scale and Move'],
          ],
          false,
        ),
        numberControl('baseNodeSize', 'Node size', 20),
        numberControl('baseEdgeWidth', 'Edge width', 3),
        numberControl('edgeLength', 'Edge length', 400),
        numberControl('gravity', 'Gravity', 0.3),
        numberControl('repulsion', 'Repulsion', 1000),
        numberControl('friction', 'Friction', 0.2),
      ],
    },
  ],
};

export default controlPanel;
