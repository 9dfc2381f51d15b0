import { useCallback, useState } from 'react';

/**
 * Whether the element has come near the viewport (once true, it stays true): what sits below the fold (the dashboard's
 * chart on a phone, decision 048; the offer editor's lower panels, decision 129) is fetched when it is about to be
 * seen, not with the page.
 * Without IntersectionObserver (tests, old browsers) it is at once.
 */
export function useNearViewport(): [(node: HTMLElement | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (node: HTMLElement | null) => {
      if (!node || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: '200px' },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [near],
  );
  return [ref, near];
}
