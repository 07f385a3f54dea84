export function elapsed(ms: number): string;
export function runPhase(
  phase: string,
  command: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; every?: number; log?: (line: string) => void; started?: number },
): Promise<void>;
