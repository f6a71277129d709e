// The tab a Home section showed last, kept per browser under Superset's local storage keys.
import { useCallback, useState } from 'react';

export function useRememberedTab<T extends string>(
  storageKey: string,
  tabs: readonly T[],
  fallback: T,
): [T, (tab: T) => void] {
  const [tab, setTab] = useState<T>(() => {
    const stored = localStorage.getItem(storageKey);
    return tabs.find((candidate) => candidate === stored) ?? fallback;
  });
  const choose = useCallback(
    (next: T) => {
      setTab(next);
      localStorage.setItem(storageKey, next);
    },
    [storageKey],
  );
  return [tab, choose];
}
