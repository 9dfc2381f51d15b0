import { z } from 'zod';

// Under the Content-Security-Policy (no 'unsafe-eval', decision 031) zod's probe for `new Function` is refused and
// reported as a violation on every screen, although zod then parses without it. Jitless skips the probe.
z.config({ jitless: true });
