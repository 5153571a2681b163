import { z } from "zod";

// The CSP allows no eval (src/server/security/headers.ts). Zod probes for it with `Function("")`
// the first time it parses an object, which the browser reports as a violation: skip the probe there.
// Every schema module imports this first, so zod is configured wherever it is loaded.
if (typeof window !== "undefined") z.config({ jitless: true });
