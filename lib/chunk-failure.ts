export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';
export const CHUNK_LOAD_FAILED = 'CHUNK_LOAD_FAILED';

/** A failed load of a page chunk: its code, CSS_CHUNK_LOAD_FAILED for style chunks, else null. */
export function chunkFailure(error: unknown): string | null {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (!/ChunkLoadError|Loading (CSS )?chunk|Failed to load chunk|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(text)) return null;
  return /\.css|CSS chunk/i.test(text) ? CSS_CHUNK_LOAD_FAILED : CHUNK_LOAD_FAILED;
}
