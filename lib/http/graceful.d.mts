import type { Server } from 'node:http';

export function logLine(level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>): void;
export function gracefulShutdown(
  server: Server,
  options?: { timeoutMs?: number; close?: () => Promise<void>; exit?: (code: number) => void },
): { stop(signal: string): void };
export function routeConsoleToLog(): void;
export function stopWithParent(parent: number, stop: (signal: string) => void, everyMs?: number): void;
