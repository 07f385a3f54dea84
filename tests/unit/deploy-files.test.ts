import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * No container engine runs here, so the Dockerfile and the compose file are held to what
 * tests/standalone/standalone.test.ts runs: the folder of `npm run build:standalone`, its
 * two entry points, the variables and the volume.
 */
const dockerfile = readFileSync('Dockerfile', 'utf8');
const compose = readFileSync('compose.yaml', 'utf8');
const ignore = readFileSync('.dockerignore', 'utf8').split('\n').map((l) => l.trim());
const stages = dockerfile.split(/^FROM /m).slice(1);
const stage = (name: string) => stages.find((s) => s.split('\n')[0]!.includes(` AS ${name}`)) ?? '';

describe('Dockerfile', () => {
  it('builds on Node 24 LTS Debian slim (the exact release of .nvmrc) and copies only the standalone folder into the runtime', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-bookworm-slim$/m);
    expect(dockerfile).toContain(`ARG NODE_IMAGE=node:${readFileSync('.nvmrc', 'utf8').trim()}-bookworm-slim\n`);
    expect(stage('build')).toContain('RUN npm ci');
    expect(stage('build')).toContain('RUN npm run build:standalone -- --out /standalone');
    expect(dockerfile.match(/COPY --from=\S+ \S+/g)).toEqual(['COPY --from=build /standalone']);
    expect(stage('runtime')).not.toContain('npm ');
  });

  it('runs as a non-root user with DATA_DIR on a volume and stops on SIGTERM', () => {
    expect(stage('runtime')).toMatch(/^USER node$/m);
    expect(stage('runtime')).toMatch(/DATA_DIR=\/data/);
    expect(stage('runtime')).toMatch(/^VOLUME \/data$/m);
    expect(stage('runtime')).toMatch(/^STOPSIGNAL SIGTERM$/m);
  });

  it('starts what the standalone test starts, listening on PORT, with a health check on /api/health', () => {
    expect(stage('web')).toContain('CMD ["node", "scripts/server.mjs"]');
    expect(stage('upstream')).toContain('CMD ["node", "upstream/server.mjs"]');
    expect(stage('web')).toMatch(/PORT=3000/);
    for (const name of ['web', 'upstream']) expect(stage(name)).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
    expect(stages.at(-1)!.startsWith('runtime AS web')).toBe(true); // the default target
  });
});

describe('.dockerignore and compose.yaml', () => {
  it('keeps secrets, data and build caches out of the build context', () => {
    for (const entry of ['.git', '.env', '.env.*', '.data', '.test-data', 'node_modules', '.next', 'dist', '**/session-secret']) expect(ignore).toContain(entry);
  });

  it('runs PostgreSQL, the service and the web application the way the test does', () => {
    expect(compose).toMatch(/target: upstream/);
    expect(compose).toMatch(/target: web/);
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/loans:\$\{POSTGRES_PASSWORD\}@db:5432\/loans/);
    expect(compose).toMatch(/UPSTREAM_URL: http:\/\/upstream:4000/);
    expect(compose).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?/);
    expect(compose).toContain('node upstream/seed-demo.mjs');
    expect(stage('upstream')).toMatch(/UPSTREAM_PORT=4000/);
  });
});
