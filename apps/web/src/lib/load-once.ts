import { useEffect, useState } from 'react';

/** Code loaded on demand, once (again after a failed download): `load` gives it, `loaded` once it has come. */
export type LoadOnce<T> = {
  load: () => Promise<T>;
  /** Asks for it ahead of a press (a pointer near what needs it, its focus); a failure is left to the press. */
  preload: () => void;
  readonly loaded: T | null;
};

/** A dialog's or panel's code (a dynamic `import()`), asked for once, whoever asks first (decisions 115, 119, 122). */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const get = () => {
    loading ??= load().then(
      (value) => (loaded = value),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    load: get,
    preload: () => void get().catch(() => undefined),
    get loaded() {
      return loaded;
    },
  };
}

/**
 * What `once` loads, asked for while `wanted` (a dialog opened, a panel shown): null until it has come, so that the
 * caller draws a pending state meanwhile (decision 103); should it not come (the server gone), `onFailed` forgets the
 * press, and the next press asks again. Once come, it stays.
 */
export function useLoadOnce<T>(once: LoadOnce<T>, wanted: boolean, onFailed?: () => void): T | null {
  const [value, setValue] = useState<T | null>(() => once.loaded);
  const missing = wanted && value === null;
  useEffect(() => {
    if (!missing) return undefined;
    let current = true;
    once.load().then(
      (loaded) => current && setValue(() => loaded),
      () => current && onFailed?.(),
    );
    return () => {
      current = false;
    };
  }, [once, missing, onFailed]);
  return value;
}
