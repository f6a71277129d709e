// The assistant panel loaded on demand, so SQL Lab's and Explore's own bundles stay as they were.
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { AssistantPanelProps } from './AssistantPanel';

const AssistantPanel = lazy(() => import('./AssistantPanel'));

export default function LazyAssistantPanel(props: AssistantPanelProps) {
  return (
    <Suspense
      fallback={
        <div style={{ width: 400, flex: 'none', display: 'flex', justifyContent: 'center', paddingTop: 48 }}>
          <Spin />
        </div>
      }
    >
      <AssistantPanel {...props} />
    </Suspense>
  );
}
