import { em } from '@mantine/core';

/** Mantine's `sm` breakpoint: below it the portal is laid out for phones. */
export const MOBILE_QUERY = `(max-width: ${em(767.98)})`;

/**
 * How many news items one slide shows, and whether the navigation controls are needed at all:
 * 3 per slide on desktop and 1 on mobile, controls only when there are more items than that.
 */
export function carouselLayout(items: number, mobile: boolean) {
  const perSlide = mobile ? 1 : 3;
  return { perSlide, withControls: items > perSlide };
}
