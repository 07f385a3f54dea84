import { pino, type Logger } from 'pino';
import { scrub } from './redact';

/**
 * The product's one logger (web application and platform service): JSON lines with level,
 * time and the fields given (request id, call path, status, duration, user id), scrubbed of
 * secrets by ./redact before they are written. `LOG_FORMAT=pretty` (the default under
 * `next dev`) prints one readable line instead; `LOG_LEVEL` sets the level (default info).
 */
type Sink = (line: string) => void;

interface LogHolder { logger?: Logger; sink?: Sink }
// Next loads this module in several bundles: one logger and one sink per process.
const holder = globalThis as typeof globalThis & { __lboLog?: LogHolder };
const slot = (holder.__lboLog ??= {});

/** One readable line of a JSON log line: `12:00:01.042 INFO  request path=role/roleList status=200 ms=12`. */
export function prettyLine(json: string): string {
  try {
    const { level, time, msg, pid: _pid, hostname: _host, ...rest } = JSON.parse(json) as Record<string, unknown>;
    const fields = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ');
    const at = typeof time === 'string' ? time.slice(11, 23) : '';
    return `${at} ${String(level).toUpperCase().padEnd(5)} ${String(msg ?? '')}${fields ? ` ${fields}` : ''}\n`;
  } catch {
    return json;
  }
}

/**
 * Lines to stdout until its reader is gone (EPIPE: the process reading the log exited); then
 * they are dropped. Left unhandled, that error would be logged, fail the same way, and the
 * server would spin on it instead of answering.
 */
function stdoutSink(): Sink {
  let open = true;
  process.stdout.on('error', () => { open = false; });
  return (line) => { if (open) process.stdout.write(line); };
}

function defaultSink(): Sink {
  // Under the test runner lines go nowhere unless asked for (LOG_FORMAT); tests read them through setLogSink.
  if (process.env.NODE_ENV === 'test' && !process.env.LOG_FORMAT) return () => {};
  const format = process.env.LOG_FORMAT ?? (process.env.NODE_ENV === 'development' ? 'pretty' : 'json');
  const out = stdoutSink();
  return format === 'pretty' ? (line) => out(prettyLine(line)) : out;
}

/** Sends log lines elsewhere (tests read them); returns the function that puts the previous sink back. */
export function setLogSink(sink: Sink): () => void {
  const previous = slot.sink;
  slot.sink = sink;
  return () => { slot.sink = previous; };
}

function create(): Logger {
  const destination = { write: (line: string) => (slot.sink ?? (slot.sink = defaultSink()))(line) };
  return pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    hooks: {
      // Every argument (fields and message) is scrubbed: no caller can write a secret by mistake.
      logMethod(args, method) {
        method.apply(this, args.map((arg) => scrub(arg)) as Parameters<typeof method>);
      },
    },
  }, destination);
}

export const log: Logger = (slot.logger ??= create());
