import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, type Query } from './client';

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/** A GET of the operator API, reloaded when the path or query changes, or on `reload()`. */
export function useApi<T>(path: string | null, query?: Query): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setLoading(true);
    api<T>('GET', path, undefined, JSON.parse(key) as Query)
      .then((result) => {
        if (!live) return;
        setData(result);
        setError(undefined);
      })
      .catch((cause: unknown) => live && setError(cause instanceof ApiError ? cause.key : String(cause)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path, key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, error, loading, reload };
}

/** Runs an action, keeping its error to show; answers whether it succeeded. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.key : String(cause));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
