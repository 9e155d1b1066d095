import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '~/server/env';
import { at } from '~/server/lib/route-at';
import { siteApi } from '~/shared/api/site';
import { urlOf } from '~/shared/route';
import { contentTypeOf, storedNamePattern } from './media-store';
import { createMediaStoreFromEnv, type ConfiguredMediaStore } from './media-store-from-env';
import type { S3MediaStore } from './s3-media-store';

const YEAR = 31536000;
const immutable = `public, max-age=${YEAR}, immutable`;
/** Where a stored file is served: what pages and the API write for it. */
export const mediaUrl = (name: string) => urlOf(siteApi.media, { params: { name } });
/** Where the files on disk are served from: the table's address, less the name. */
const mediaPrefix = mediaUrl('');

const stores = new WeakMap<Env, ConfiguredMediaStore>();

/** The store MEDIA_STORE names: DATA_DIR/media, or the S3 bucket. One per app (one S3 client). */
export function mediaStoreFor(app: FastifyInstance): ConfiguredMediaStore {
  const { env } = app;
  let store = stores.get(env);
  if (!store) {
    store = createMediaStoreFromEnv(env);
    stores.set(env, store);
  }
  return store;
}

/**
 * GET /media/<name>: uploaded videos, thumbnails and captions, with Range (206 with
 * Content-Range, 416 past the end, Accept-Ranges on every answer), which is what lets a browser
 * seek in a video. Only names the store gives are served: no listing, no dot files, nothing
 * else. A name is never reused, so it is cached for good.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const store = mediaStoreFor(app);
  // A 416 must name the file's size (Content-Range: bytes */size), which @fastify/send and the
  // bucket's store put on the error; the app's error handler, next, writes the body.
  app.setErrorHandler((error: Error & { headers?: Record<string, string> }, _request, reply) => {
    const range = error.headers?.['Content-Range'];
    if (range) reply.header('content-range', range);
    throw error;
  });
  if (store.kind === 's3') {
    app.addHook('onClose', async () => store.close());
    return app.register(s3MediaRoutes(store));
  }
  await app.register(fastifyStatic, {
    root: store.dir,
    prefix: mediaPrefix,
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
      res.header('cache-control', immutable);
    },
  });
}

/**
 * The same answers from the bucket (ADR 027): the visitor's Range goes to S3's GetObject as one
 * range, and S3's answer (206, 416, 304, 404) comes back with the object's bytes streamed through.
 * The type is the one the name was given for, as on disk.
 */
function s3MediaRoutes(store: S3MediaStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...at(app, siteApi.media),
      schema: { params: z.object({ name: z.string().regex(storedNamePattern) }) },
      handler: async (request, reply) => {
        const { name } = request.params;
        reply.header('accept-ranges', 'bytes');
        const object = await store.serve(name, {
          range: request.headers.range,
          ifNoneMatch: request.headers['if-none-match'],
        });
        reply.header('cache-control', immutable);
        if (object.etag) reply.header('etag', object.etag);
        if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
        if (object.status === 304) return reply.status(304).send();
        if (object.contentRange) reply.header('content-range', object.contentRange);
        if (object.contentLength !== undefined) {
          reply.header('content-length', object.contentLength);
        }
        reply.type(contentTypeOf(name)!);
        return reply.status(object.status).send(object.body);
      },
    });
  };
}
