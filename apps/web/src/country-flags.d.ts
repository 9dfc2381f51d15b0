/** The flags' folder and the codes the set holds, by vite/country-flags.ts (decision 149). */
declare module 'virtual:country-flags' {
  /** The folder of the flags, with its final slash: `${FLAG_BASE}FR.svg`. */
  export const FLAG_BASE: string;
  /** The ISO 3166-1 alpha-2 codes (and the set's few others) with a flag, upper case, separated by spaces. */
  export const FLAG_CODES: string;
}
