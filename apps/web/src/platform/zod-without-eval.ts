import { config } from 'zod';

// The Content-Security-Policy allows no eval: zod then parses without compiling object schemas into
// functions, and never probes `new Function` (a probe the browser reports as a violation).
config({ jitless: true });
