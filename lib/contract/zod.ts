import { z } from 'zod';

// zod probes `Function('')` to decide whether to compile parsers; the pages' CSP forbids eval,
// so the probe (and compiled parsers) are turned off wherever a contract is loaded.
z.config({ jitless: true });

export { z };
