// Zod compiles fast object parsers with `new Function`, and first probes whether it may when a
// schema is built. This site's Content-Security-Policy (no 'unsafe-eval') refuses the probe, and the
// browser reports every refusal as a CSP violation although Zod catches it. `jitless` skips the
// probe; it must be set before any schema is built, so main.tsx imports this module first.
import { config } from 'zod/v4/core';

config({ jitless: true });
