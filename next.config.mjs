import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';
import antdZeroRuntime from './scripts/antd-zero-runtime-loader.cjs';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** antd's component and style packages (@rc-component/*, @ant-design/*) as installed (none where only the built server is). */
function antdPackages() {
  const scoped = (scope) => {
    const folder = new URL(`./node_modules/${scope}`, import.meta.url);
    return existsSync(folder) ? readdirSync(folder).map((name) => `${scope}/${name}`) : [];
  };
  return [...scoped('@rc-component'), ...scoped('@ant-design').filter((name) => !/\/(static-style-extract|react-slick)$/.test(name))];
}

const antdLoader = fileURLToPath(new URL('./scripts/antd-zero-runtime-loader.cjs', import.meta.url));
// Turbopack's build cache keeps a loader's output until the rule changes, not when the loader's
// file does: the loader's own hash, as an option it ignores, makes an edit of it rebuild.
const antdLoaderHash = createHash('sha256').update(readFileSync(antdLoader)).digest('hex').slice(0, 16);

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // SOURCE_MAPS=1 npm run build: the browser chunks with their source maps, to see what each
  // holds (README, 'Page weight'); never in a normal build.
  productionBrowserSourceMaps: process.env.SOURCE_MAPS === '1',
  reactStrictMode: true,
  turbopack: {
    rules: {
      // antd's style modules lose their run-time style code, and its token hook takes the token
      // the build computed (scripts/antd-zero-runtime-loader.cjs): every style is in the
      // build-time sheets.
      '*.js': {
        condition: {
          any: [
            { all: [{ path: antdZeroRuntime.STYLE_MODULE.path }, { content: antdZeroRuntime.STYLE_MODULE.content }] },
            { path: antdZeroRuntime.REPLACED_MODULE },
          ],
        },
        loaders: [{ loader: antdLoader, options: { source: antdLoaderHash } }],
      },
    },
  },
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  experimental: {
    // antd's own packages declare no `sideEffects`, so the bundler keeps every module their entry
    // files name, used or not (the whole form library behind an input's form context, for one).
    // None of them has a module that acts on being imported; listed here, Turbopack takes them as
    // free of side effects and leaves out what no page uses (README, 'Performance').
    optimizePackageImports: antdPackages(),
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

// The build also writes .next/standalone: the server and only the packages it uses, for the
// container (scripts/build-standalone.mjs). Only the build is told so: the server of `npm start`
// runs the same build from the repository, where Next would warn about a standalone output.
export default (phase) => withNextIntl(phase === 'phase-production-build' ? { ...nextConfig, output: 'standalone' } : nextConfig);
