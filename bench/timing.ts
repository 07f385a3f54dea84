/** Times `count` runs of one call (each must succeed) and answers the durations in ms, sorted. */
export async function timeCalls(count: number, label: string, run: () => Promise<{ code: number }>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const answer = await run();
    times.push(performance.now() - started);
    if (answer.code !== 200) throw new Error(`${label}: ${answer.code}`);
  }
  return times.sort((a, b) => a - b);
}

/** The p-th percentile (0..1) of sorted durations. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
