// Loads one Home section's data again whenever its tab changes; a failure shows Superset's toast and an empty list.
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../api/api-error';
import { addDangerToast } from '../components/toasts/state/message-toasts';
import { useAppDispatch } from '../store/hooks';

export function useHomeLoad<T>(
  load: () => Promise<T>,
  empty: T,
  failure: (message: string) => string,
): { data: T; loading: boolean; reload: () => void } {
  const dispatch = useAppDispatch();
  const [data, setData] = useState<T>(empty);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` changes with the tab; `round` asks again
  useEffect(() => {
    let live = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!live) return;
        setData(value);
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        setData(empty);
        setLoading(false);
        dispatch(addDangerToast(failure(isApiError(error) ? error.message : String(error))));
      },
    );
    return () => {
      live = false;
    };
  }, [load, round]);

  return { data, loading, reload };
}
