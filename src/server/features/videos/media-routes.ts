import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resolveDataDir } from '../../lib/paths';
import { createMediaStore, storedNamePattern } from './media-store';

const YEAR = 31536000;

/** The store under DATA_DIR/media that uploads go to and /media serves from. */
export function mediaStoreFor(app: FastifyInstance) {
  return createMediaStore(join(resolveDataDir(app.env.DATA_DIR), 'media'));
}

/**
 * GET /media/<name>: uploaded videos, thumbnails and captions. @fastify/send answers Range
 * requests (206 with Content-Range, 416 past the end, Accept-Ranges on every answer), which
 * is what lets a browser seek in a video. Only names the store gives are served: no listing,
 * no dot files, nothing outside the directory. A name is never reused, so it is cached for good.
 */
export async function mediaRoutes(app: FastifyInstance) {
  // A 416 must name the file's size (Content-Range: bytes */size), which @fastify/send puts on
  // the error; the app's error handler, next, writes the body.
  app.setErrorHandler((error: Error & { headers?: Record<string, string> }, _request, reply) => {
    const range = error.headers?.['Content-Range'];
    if (range) reply.header('content-range', range);
    throw error;
  });
  await app.register(fastifyStatic, {
    root: mediaStoreFor(app).dir,
    prefix: '/media/',
    decorateReply: false,
    // The directory appears with the first upload.
    suppressWarning: true,
    index: false,
    list: false,
    dotfiles: 'deny',
    acceptRanges: true,
    allowedPath: (pathName) => storedNamePattern.test(pathName.replace(/^\//, '')),
    cacheControl: false,
    setHeaders: (res) => {
      res.header('cache-control', `public, max-age=${YEAR}, immutable`);
    },
  });
}
