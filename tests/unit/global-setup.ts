import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_SHEETS, ownSheetPath } from '../../lib/antd-sheets';

/** Components import antd's sheets, which the build writes: a checkout that was never built writes them first. */
export default function setup() {
  const sheets = ['styles/antd.generated.css', ...Object.keys(OWN_SHEETS).map(ownSheetPath)];
  if (sheets.every((sheet) => existsSync(sheet))) return;
  execFileSync(process.execPath, [join('node_modules', 'tsx', 'dist', 'cli.mjs'), join('scripts', 'antd-css.tsx')], { stdio: 'inherit' });
}
