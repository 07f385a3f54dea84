/**
 * Loaded into a server by bench/fresh-start.mjs (`node --import ./bench/event-loop-probe.mjs`):
 * watches the event loop with perf_hooks' monitorEventLoopDelay and writes, every 200 ms, the
 * longest block so far (ms) and when it ended (ms since the process started) to EVENT_LOOP_REPORT.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const report = process.env.EVENT_LOOP_REPORT;
if (report) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let longest = 0;
  let at = 0;
  const timer = setInterval(() => {
    const max = histogram.max / 1e6;
    if (max > longest) { longest = max; at = performance.now(); }
    writeFileSync(report, JSON.stringify({ longestMs: Math.round(longest), atMs: Math.round(at), p99Ms: Math.round(histogram.percentile(99) / 1e6) }));
  }, 200);
  timer.unref();
}
