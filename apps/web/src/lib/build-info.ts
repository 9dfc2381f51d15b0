declare const __BUILD_DATE__: string;

/** The build label's day, yyyy-MM-dd: set by the build (vite/build-date.ts, decision 116), never a frozen date. */
export const BUILD_DATE: string = __BUILD_DATE__;
