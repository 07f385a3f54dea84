import { readFileSync } from 'node:fs';

/**
 * Imported first by `npm start`, `npm run build`, `npm run build:standalone` and `npm test`:
 * on a Node.js older than the one in .nvmrc (Node 24 LTS) they stop at once and say how to get it.
 */
const wanted = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

if (major(process.version) < major(wanted)) {
  console.error(
    `This project needs Node.js ${major(wanted)} LTS (${wanted}); this is Node.js ${process.version}.\n` +
    'Get it from the npm registry (README, Start it) and run the command again:\n' +
    '  export PATH="$(sh scripts/node24.sh):$PATH"',
  );
  process.exit(1);
}
