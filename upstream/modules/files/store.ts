import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The file store: one file per random key in one folder (DATA_DIR/files). A key is all the
 * store knows of a file; names, types and owners live in the database.
 */
const KEY_PATTERN = /^[0-9a-f]{32}$/;

function pathOf(dir: string, key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid file key');
  return join(dir, key);
}

/** Writes the bytes under a new key (complete or not at all) and answers the key. */
async function storeFile(dir: string, bytes: Uint8Array): Promise<string> {
  const key = randomBytes(16).toString('hex');
  await mkdir(dir, { recursive: true });
  const target = pathOf(dir, key);
  const partial = `${target}.part`;
  await writeFile(partial, bytes, { flag: 'wx', mode: 0o600 });
  await rename(partial, target);
  return key;
}

export const readStoredFile = async (dir: string, key: string): Promise<Uint8Array> => readFile(pathOf(dir, key));

const removeStoredFile = (dir: string, key: string) => rm(pathOf(dir, key), { force: true });

/** Stores the bytes, then runs `record` with their key; a failed record removes the stored file again. */
export async function withStoredFile<T>(dir: string, bytes: Uint8Array, record: (key: string) => Promise<T>): Promise<T> {
  const key = await storeFile(dir, bytes);
  try {
    return await record(key);
  } catch (error) {
    await removeStoredFile(dir, key);
    throw error;
  }
}
