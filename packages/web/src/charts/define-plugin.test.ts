// definePlugin: transformProps and the component stay paired at one props type. The compiler checks it: the
// expect-error lines below fail the typecheck the day such a mismatch compiles.
import { buildQueryContext } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { definePlugin } from './define-plugin';
import { answer, chartProps } from './test-utils';
import type { ChartPlugin, ChartPluginInfo, VizComponentProps } from './types';

const info: ChartPluginInfo = {
  vizType: 'test_define_plugin',
  metadata: { name: 'Test', description: '', category: 'Test', behaviors: [], tags: [], thumbnail: '' },
  controlPanel: { sections: [] },
  buildQuery: (formData) => buildQueryContext(formData),
};

interface CountProps {
  count: number;
}

const Count = ({ props }: VizComponentProps<CountProps>) => props.count;
const Text = ({ props }: VizComponentProps<{ text: string }>) => props.text;

describe('definePlugin', () => {
  it('hands transformProps and a lazily loaded component of the same viz type to the drawing', () => {
    let loads = 0;
    const plugin: ChartPlugin<CountProps> = definePlugin({
      ...info,
      transformProps: (props) => ({ count: props.queriesData[0]?.rowcount ?? 0 }),
      load: async () => {
        loads += 1;
        return { default: Count };
      },
    });
    const registered: ChartPlugin = plugin;
    const drawn = registered.withComponent((chart) =>
      chart.transformProps(chartProps({}, [answer([{ a: 1 }, { a: 2 }])])),
    );
    expect(drawn).toEqual({ count: 2 });
    const component = (): unknown => registered.withComponent((chart): unknown => chart.Component);
    expect(component()).toBe(component());
    // React.lazy loads on the first draw, not when the plugin is defined.
    expect(loads).toBe(0);
  });

  it('refuses, at compile time, a component that does not take what transformProps returns', () => {
    const spec = { ...info, transformProps: () => ({ count: 1 }), load: async () => ({ default: Text }) };
    // @ts-expect-error transformProps returns CountProps, the component wants { text: string }.
    const mismatched = definePlugin(spec);
    const registered: ChartPlugin = definePlugin({
      ...info,
      transformProps: () => ({ count: 1 }),
      load: async () => ({ default: Count }),
    });
    const foreign = registered.withComponent((chart) => {
      // @ts-expect-error outside its plugin the props type is opaque: no other value can stand for it.
      const props: ReturnType<typeof chart.transformProps> = { count: 1 };
      return props;
    });
    expect([mismatched.vizType, foreign]).toEqual(['test_define_plugin', { count: 1 }]);
  });
});
