import { useRef, useState } from 'react';

/**
 * Code a control loads when it is about to be used rather than with its screen (decision 059): the control is drawn
 * without it, and `triggerProps` on what is drawn load it when a pointer comes near or the focus arrives. `loaded` is
 * then what `load` gave; `opened` says the control was pressed meanwhile (draw it open), `focused` that it had the
 * focus (give the loaded one the focus). A load that fails leaves `loaded` empty, and the next approach tries again.
 */
export function useOnDemand<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const focused = useRef(false);
  const loading = useRef<Promise<void> | null>(null);
  const want = () => {
    loading.current ??= load().then(
      (value) => setLoaded(() => value),
      () => {
        loading.current = null;
      },
    );
  };
  const press = () => {
    setOpened(true);
    want();
  };
  return {
    loaded,
    opened,
    focused: focused.current,
    /** Marks the control as pressed: drawn open once loaded. */
    open: () => setOpened(true),
    triggerProps: {
      onPointerEnter: want,
      onFocus: () => {
        focused.current = true;
        want();
      },
      onBlur: () => {
        focused.current = false;
      },
      // Pressed: drawn open once loaded. From the press, not only the click: should the loaded control take this
      // one's place between the press and the release, the click would reach neither, and the press be lost.
      onPointerDown: (event: { button: number }) => {
        if (event.button === 0) press();
      },
      onClick: press,
    },
  };
}
