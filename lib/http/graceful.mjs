import { format } from 'node:util';

/**
 * Graceful stop of an HTTP server (the web application's and the standalone service's):
 * on SIGTERM or SIGINT it stops accepting connections, lets the requests in flight finish
 * (at most `timeoutMs`; keep-alive connections are told to close), then closes what the
 * process holds (`close`, e.g. the database) and exits 0. A second Ctrl-C exits at once.
 * Plain JavaScript: the production server runs it without a build step.
 */

/** One JSON log line through the product's logger when it is loaded, else written directly. */
export function logLine(level, msg, fields = {}) {
  const logger = globalThis.__lboLog?.logger;
  if (logger) logger[level](fields, msg);
  else process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, ...fields, msg })}\n`);
}

/**
 * With JSON logs (LOG_FORMAT, json by default), console.log/info/warn/error become log lines of
 * the product's logger (text as `msg`), and so do Node's own warnings (a library's deprecated
 * call, say), at the warn level: Node would print them through console.error, as errors.
 */
export function routeConsoleToLog() {
  if ((process.env.LOG_FORMAT ?? 'json') !== 'json') return;
  const levels = { log: 'info', info: 'info', warn: 'warn', error: 'error' };
  for (const [method, level] of Object.entries(levels)) {
    console[method] = (...args) => logLine(level, format(...args));
  }
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logLine('warn', `${warning.name}: ${warning.message}`, warning.code ? { code: warning.code } : {}));
}

/**
 * Stops the process as SIGTERM would (`stop`) once the process that started it, `parent`, is
 * gone, even killed with SIGKILL: it is then adopted by another, which `process.ppid` shows.
 * For a server started by a script (the browser tests' scripts/e2e-server.mjs), which would
 * otherwise keep running, and keep its port, without its starter.
 */
export function stopWithParent(parent, stop, everyMs = 1000) {
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    logLine('warn', 'the process that started this one is gone: stopping', { parent });
    stop('SIGTERM');
  }, everyMs);
  timer.unref();
}

function shutdownTimeout(env = process.env) {
  const value = Number(env.SHUTDOWN_TIMEOUT_MS ?? 8000);
  return Number.isInteger(value) && value >= 0 ? value : 8000;
}

export function gracefulShutdown(server, { timeoutMs = shutdownTimeout(), close = async () => {}, exit = (code) => process.exit(code) } = {}) {
  let inFlight = 0;
  let stopping = false;
  let finishing;
  let timer;

  server.on('request', (_req, res) => {
    inFlight++;
    if (stopping) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight--;
      if (stopping) {
        server.closeIdleConnections();
        if (inFlight === 0) finish(false);
      }
    });
  });

  function finish(late) {
    finishing ??= (async () => {
      clearTimeout(timer);
      if (late) logLine('warn', 'shutdown time limit reached: closing the remaining requests', { inFlight, timeoutMs });
      server.closeAllConnections();
      let code = 0;
      try {
        await close();
      } catch (error) {
        code = 1;
        logLine('error', 'closing failed', { error: { type: error?.name ?? typeof error } });
      }
      logLine('info', 'stopped', { code });
      exit(code);
    })();
    return finishing;
  }

  function stop(signal) {
    if (stopping) {
      // A repeated SIGTERM (npm and tsx pass theirs on) changes nothing; a second Ctrl-C means now.
      if (signal !== 'SIGINT') return;
      logLine('warn', 'second interrupt: exiting now', { signal });
      exit(1);
      return;
    }
    stopping = true;
    logLine('info', 'stopping: no new connections, finishing the requests in flight', { signal, inFlight, timeoutMs });
    server.close();
    server.closeIdleConnections();
    timer = setTimeout(() => void finish(true), timeoutMs);
    timer.unref?.();
    if (inFlight === 0) void finish(false);
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return { stop };
}
