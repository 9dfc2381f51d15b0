import { useEffect, useReducer, useRef, useState } from 'react';

/**
 * Code a control loads when it is about to be used rather than with its screen (decision 059): the control is drawn
 * without it, and `triggerProps` on what is drawn load it when a pointer comes near or the focus arrives. `loaded` is
 * then what `load` gave; `opened` says the control was pressed meanwhile (draw it open), `pending` that it was pressed
 * and its code is still on its way (draw it busy: however long the code takes, the press is honoured when it comes,
 * decision 103), `focused` that it had the focus (give the loaded one the focus). A load that fails leaves `loaded`
 * empty and forgets the press, and the next approach tries again.
 *
 * A press whose code arrives while the pointer is still down is honoured after the release: the loaded control takes
 * the drawn one's place only once the click that ends the press has been dispatched, since that click, landing on a
 * control drawn open, would close it again (a select's or a menu's button toggles).
 */
export function useOnDemand<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const focused = useRef(false);
  const loading = useRef<Promise<void> | null>(null);
  // The main button is down on the drawn control: the loaded one waits for the release.
  const pressing = useRef(false);
  const [, released] = useReducer((count: number) => count + 1, 0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const want = () => {
    loading.current ??= load().then(
      (value) => {
        if (mounted.current) setLoaded(() => value);
      },
      () => {
        loading.current = null;
        if (mounted.current) setOpened(false);
      },
    );
  };
  const press = () => {
    setOpened(true);
    want();
  };
  const onPointerDown = (event: { button: number }) => {
    if (event.button !== 0) return;
    pressing.current = true;
    // After the release's click (dispatched in the same task as the release), not between the two.
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      setTimeout(() => {
        pressing.current = false;
        if (mounted.current) released();
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    press();
  };
  const ready = loaded !== null && !pressing.current ? loaded : null;
  return {
    loaded: ready,
    opened,
    pending: opened && ready === null,
    focused: focused.current,
    /** Loads the code without a press (a pointer near a control drawn elsewhere). */
    prefetch: want,
    /** Marks the control as pressed: drawn open once loaded. */
    open: () => {
      setOpened(true);
      want();
    },
    triggerProps: {
      onPointerEnter: want,
      onFocus: () => {
        focused.current = true;
        want();
      },
      onBlur: () => {
        focused.current = false;
      },
      // Pressed: drawn open once loaded. From the press, not only the click: a press whose release lands elsewhere
      // (the pointer moved, the page scrolled under a finger) still counts, as it does on a native control.
      onPointerDown,
      onClick: press,
    },
  };
}
