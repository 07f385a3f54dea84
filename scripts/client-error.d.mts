import type { Socket } from 'node:net';

export function refusalBody(locale: string, code: number, key: string): string;
export function answerClientError(locale?: string): (error: Error & { code?: string }, socket: Socket) => void;
