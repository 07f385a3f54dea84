import { ConfigError, getConfig } from '../config';
import { inProcessService } from '../bff/transport';

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
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  if (config.UPSTREAM_URL) return;
  inProcessService(config).then((service) => service.ready).catch((error: unknown) => {
    console.error('[start] the platform service could not start:', error);
    process.exit(1);
  });
}
