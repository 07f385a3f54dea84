import './require-node.mjs';
import { writeFileSync } from 'node:fs';
import { buildApp, sourceStamp } from './build-stamp.mjs';

const stamp = sourceStamp();
await buildApp();
writeFileSync('.next/source-stamp', stamp);
