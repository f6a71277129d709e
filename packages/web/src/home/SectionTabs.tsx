// The bar above a Home section's cards (Superset's SubMenu): its tabs on the left, links on the right.
import type { ReactNode } from 'react';

interface SectionTabsProps<T extends string> {
  name: string;
  tabs: ReadonlyArray<{ key: T; label: string }>;
  active: T;
  onChange: (tab: T) => void;
  actions?: ReactNode;
}

export default function SectionTabs<T extends string>({ name, tabs, active, onChange, actions }: SectionTabsProps<T>) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, marginBottom: 12 }}>
      <div role="tablist" aria-label={name} style={{ display: 'flex', gap: 4 }} data-test={`${name}-tabs`}>
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={selected}
              data-test={`${name}-tab-${tab.key}`}
              onClick={() => onChange(tab.key)}
              style={{
                border: 'none',
                cursor: 'pointer',
                padding: '4px 14px',
                borderRadius: 4,
                fontWeight: selected ? 600 : 400,
                color: selected ? '#1a85a0' : 'rgba(0, 0, 0, 0.65)',
                background: selected ? '#e8f6fa' : 'transparent',
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>{actions}</div>
    </div>
  );
}
