import { ConfigError, getConfig } from '../config';
import { closeInProcessService, inProcessService } from '../bff/transport';
import { log } from '../http/log';

/**
 * Validates the configuration (failing with a clear message) and, for the in-process
 * service, starts opening, migrating and seeding the database. Pages are served at once;
 * API calls wait for the database for a while (the transport awaits the same start), then
 * are told the service is starting (503).
 */
export async function boot() {
  let config: ReturnType<typeof getConfig>;
  try {
    config = getConfig();
  } catch (error) {
    log.fatal(error instanceof ConfigError ? { reason: error.message } : { error }, 'invalid configuration');
    process.exit(1);
  }
  // The production server (scripts/server.mjs) calls this after the last request of a graceful stop.
  (globalThis as { __lboShutdown?: () => Promise<void> }).__lboShutdown = closeInProcessService;
  if (config.UPSTREAM_URL) return;
  inProcessService(config).then((service) => service.ready).catch((error: unknown) => {
    // The reason (scrubbed like every log text) is what the operator needs to act on.
    log.fatal({ error, reason: error instanceof Error ? error.message : String(error) }, 'the platform service could not start');
    process.exit(1);
  });
}
