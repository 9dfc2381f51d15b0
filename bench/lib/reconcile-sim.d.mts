// Types of reconcile-sim.mjs for the server's integration test (apps/server/test/reconcile.test.ts).
export type Size = { clicks: number; postbacks: number };
export const SIZES: { bench: Size; test: Size };
export type Answer = { status: number; headers: Record<string, unknown>; text: string };
export type RequestFn = (
  method: string,
  url: string,
  init: { headers: Record<string, string>; body: string | undefined },
) => Promise<Answer>;
export type World = {
  staff: Record<string, { id: number; email: string }>;
  advertisers: Record<string, { id: number; name: string; token: string; productId: number }>;
  offers: Record<string, { id: number; currency: string; advertiser: string }>;
  partners: Record<
    string,
    { id: number; email: string; name: string; timezone: string; weight: number; terms: string }
  >;
};
export function seeded(seed: number): {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: T[]) => T;
  chance: (p: number) => boolean;
};
export function createWorld(deps: {
  db: unknown;
  schema: unknown;
  sql: unknown;
  hashPassword: (password: string) => Promise<string>;
  tag?: string;
}): Promise<World>;
export function simulate(
  world: World,
  options: {
    request: RequestFn;
    clock: { set: (date: Date) => void };
    size?: Size;
    seed?: number;
    log?: (line: string) => void;
  },
): Promise<Record<string, number> & { missing: string[] }>;
export type Line = { who: string; currency: string } & Record<string, string | number>;
export function reconcile(
  world: World,
  deps: { request: RequestFn; db: unknown; sql: unknown; missing?: string[] },
): Promise<{ lines: Line[]; failures: string[] }>;
export function formatTable(lines: Line[]): string;
