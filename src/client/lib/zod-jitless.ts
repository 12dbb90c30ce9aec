// The client build resolves `zod` to this module (vite.config.ts). Zod compiles fast object
// parsers with `new Function` and first probes whether it may; under this site's strict
// Content-Security-Policy (no 'unsafe-eval') the probe is refused, and the browser reports every
// refusal as a CSP issue (Lighthouse, best practices) although Zod catches it. Its `jitless` mode
// skips the probe; it has to be set before any schema is built, which a module that every
// `import ... from 'zod'` goes through guarantees.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
