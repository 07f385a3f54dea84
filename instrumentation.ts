/** Runs once when the server starts (see lib/server/boot.ts). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await (await import('./lib/server/boot')).boot();
}
