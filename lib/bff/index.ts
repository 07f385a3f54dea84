import { getConfig } from '../config';
import { createBff } from './handler';
import { createTransport, type Transport } from './transport';

let bff: ReturnType<typeof createBff> | undefined;
let transport: Transport | undefined;

/** The process-wide BFF over the configured transport. */
export function defaultTransport(): Transport {
  return (transport ??= createTransport(getConfig()));
}
export function defaultBff() {
  return (bff ??= createBff({ config: getConfig(), transport: defaultTransport() }));
}
