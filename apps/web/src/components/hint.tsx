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
 * its own (so that a table's scroll box does not clip it), and hides on leaving, on Escape and on scrolling. While it
 * shows, the target is described by it (`aria-describedby`), as Mantine's is.
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
  const [target, setTarget] = useState<DOMRect | null>(null);
  const hint = useRef<HTMLDivElement>(null);
  const show = (event: { currentTarget: HTMLElement }) => {
    if (!disabled) setTarget(event.currentTarget.getBoundingClientRect());
  };
  const hide = () => setTarget(null);

  useEffect(() => {
    if (!target) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('scroll', hide, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', hide, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [target]);

  // Placed once drawn, when its size is known.
  useLayoutEffect(() => {
    const box = hint.current;
    if (!target || !box) return;
    const { width: w, height: h } = box.getBoundingClientRect();
    const below = target.bottom + GAP;
    const top = below + h + EDGE > window.innerHeight && target.top - GAP - h >= EDGE ? target.top - GAP - h : below;
    const centre = target.left + target.width / 2;
    const left = Math.min(Math.max(centre - w / 2, EDGE), Math.max(window.innerWidth - EDGE - w, EDGE));
    box.style.top = `${top}px`;
    box.style.left = `${left}px`;
    box.style.visibility = 'visible';
  }, [target]);

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': target ? id : own['aria-describedby'],
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      show(event);
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
