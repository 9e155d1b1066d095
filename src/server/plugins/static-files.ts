import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR = 31536000;

/**
 * Built files: hashed bundles under /assets are cached for a year as immutable; other public
 * files (images, icons) for a day. Before a build exists (tests), public/ is served as is.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  clientDir: string,
  publicDir: string,
) {
  const root = existsSync(clientDir) ? clientDir : publicDir;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: true,
    // .br and .gz files written at build time (scripts/compress-assets.mjs) are sent as is.
    preCompressed: true,
    allowedPath: (pathName) => !pathName.startsWith('/.vite'),
    cacheControl: false,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? `public, max-age=${YEAR}, immutable` : 'public, max-age=86400',
      );
      // Other sites load the thermometer's script (the office chooses which may frame it).
      if (path.endsWith('/campaign-embed.js')) {
        res.header('cross-origin-resource-policy', 'cross-origin');
      }
    },
  });
}
