import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import NoFound from 'antd/es/result/noFound';
import ServerError from 'antd/es/result/serverError';
import Unauthorized from 'antd/es/result/unauthorized';

/**
 * Writes antd's Result illustrations (403, 404, 500) to public/errors/<status>.svg, drawn by
 * antd's own components, so the error pages (components/common/error-result.tsx) show them
 * as plain images and ship no antd code to the browser. Run by the build and before `next dev`;
 * a file is only rewritten when antd draws it differently.
 */
const ERROR_IMAGES: Record<403 | 404 | 500, ComponentType> = { 403: Unauthorized, 404: NoFound, 500: ServerError };
const ERROR_IMAGES_DIR = join('public', 'errors');

/** A standalone SVG file of an illustration (an image file needs the SVG namespace). */
function errorImage(Image: ComponentType): string {
  return `${renderToStaticMarkup(<Image />).replace(/^<svg /, '<svg xmlns="http://www.w3.org/2000/svg" ')}\n`;
}

if (process.argv[1]?.endsWith('error-images.tsx')) {
  mkdirSync(ERROR_IMAGES_DIR, { recursive: true });
  for (const [status, Image] of Object.entries(ERROR_IMAGES)) {
    const file = join(ERROR_IMAGES_DIR, `${status}.svg`);
    const svg = errorImage(Image);
    let old: string | null = null;
    try { old = readFileSync(file, 'utf8'); } catch { /* first build */ }
    if (old !== svg) writeFileSync(file, svg);
  }
  console.log(`[error-images] ${ERROR_IMAGES_DIR}/{403,404,500}.svg`);
}
