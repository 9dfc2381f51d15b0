import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

/** What a hint's target is given: the handlers that show and hide it, and the hint's id while it shows. */
type TargetProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/** Room kept between the hint and its target, and between the hint and the window's edges (px). */
const GAP = 6;
const EDGE = 8;

/**
 * A tooltip drawn without a popover library (decision 115): Mantine's Tooltip places itself with floating-ui, about
 * 20 KB of a screen's first load for a few words shown on hover. The hint shows while a pointer is over its target or
 * the target has the focus, below it (above it when the window has no room below), inside the window, in a layer of
 * its own (so that a table's scroll box does not clip it), following the target as the page scrolls, and hides on
 * leaving and on Escape. While it shows, the target is described by it (`aria-describedby`), as Mantine's is.
 */
export function Hint({
  label,
  disabled = false,
  width,
  children,
}: {
  label: ReactNode;
  disabled?: boolean;
  /** Wraps the words at this width (px); on one line otherwise. */
  width?: number;
  children: ReactElement<TargetProps>;
}) {
  const id = useId();
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const hint = useRef<HTMLDivElement>(null);
  const show = (event: { currentTarget: HTMLElement }) => {
    if (!disabled) setTarget(event.currentTarget);
  };
  const hide = () => setTarget(null);

  // Placed once drawn, when its size is known, and again as the page or a scroll box under it scrolls.
  useLayoutEffect(() => {
    const box = hint.current;
    if (!target || !box) return;
    const place = () => {
      const at = target.getBoundingClientRect();
      const { width: w, height: h } = box.getBoundingClientRect();
      const below = at.bottom + GAP;
      const top = below + h + EDGE > window.innerHeight && at.top - GAP - h >= EDGE ? at.top - GAP - h : below;
      const centre = at.left + at.width / 2;
      const left = Math.min(Math.max(centre - w / 2, EDGE), Math.max(window.innerWidth - EDGE - w, EDGE));
      box.style.top = `${top}px`;
      box.style.left = `${left}px`;
      box.style.visibility = 'visible';
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [target]);

  useEffect(() => {
    if (!target) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [target]);

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': target ? id : own['aria-describedby'],
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      show(event);
    },
    // A pointer already inside when the target appeared (a list closed over it) enters nothing: its first move
    // shows the hint, as Mantine's Tooltip opens on a move too.
    onPointerMove: (event) => {
      own.onPointerMove?.(event);
      if (!target) show(event);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      show(event);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
  });
  return (
    <>
      {trigger}
      {target && !disabled
        ? createPortal(
            <div
              ref={hint}
              role="tooltip"
              id={id}
              style={{
                position: 'fixed',
                top: 0,
                left: 0,
                visibility: 'hidden',
                zIndex: 'var(--mantine-z-index-popover)' as unknown as number,
                pointerEvents: 'none',
                background: 'light-dark(var(--mantine-color-gray-9), var(--mantine-color-gray-2))',
                color: 'light-dark(var(--mantine-color-white), var(--mantine-color-black))',
                borderRadius: 'var(--mantine-radius-default)',
                padding: 'calc(var(--mantine-spacing-xs) / 2) var(--mantine-spacing-xs)',
                fontSize: 'var(--mantine-font-size-sm)',
                lineHeight: width ? 'var(--mantine-line-height-sm)' : 1.2,
                whiteSpace: width ? 'normal' : 'nowrap',
                width: width ? `min(${width}px, calc(100vw - ${2 * EDGE}px))` : undefined,
              }}
            >
              {label}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
