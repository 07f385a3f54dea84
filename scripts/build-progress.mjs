import { spawn } from 'node:child_process';

/** Seconds as `1m05s` or `42s`. */
export function elapsed(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/**
 * Runs one phase of the build as a child process (its own output shown as it comes) and prints
 * `[build] <phase> ...` when it starts, every `every` ms while it runs (so a long, silent step
 * such as Next's compilation still shows it is working) and when it ends.
 */
export function runPhase(phase, command, args, { env = process.env, every = 20_000, log = (line) => console.log(line), started = Date.now() } = {}) {
  const begun = Date.now();
  log(`[build] ${phase}: started`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    const timer = setInterval(() => {
      log(`[build] ${phase}: still working (${elapsed(Date.now() - begun)} in this phase, ${elapsed(Date.now() - started)} in all)`);
    }, every);
    child.on('error', (error) => { clearInterval(timer); reject(error); });
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      if (code === 0) {
        log(`[build] ${phase}: done in ${elapsed(Date.now() - begun)}`);
        resolve();
      } else {
        log(`[build] ${phase}: failed (${signal ?? `exit code ${code}`}) after ${elapsed(Date.now() - begun)}`);
        reject(new Error(`${phase} failed`));
      }
    });
  });
}
