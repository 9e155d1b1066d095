import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import { AppError } from '~/server/errors';
import {
  checkedName,
  inspector,
  notStored,
  storedNamePattern,
  type MediaStore,
  type ReceivedFile,
} from './media-store';

/**
 * Uploaded media in an S3-compatible bucket (docs/decisions/027-media-on-object-storage.md).
 * An upload is checked as on disk (type by its first bytes, size as it arrives) and streams to
 * the bucket in parts of PART_BYTES, at most QUEUE parts in memory, under its final random name:
 * S3 shows an object only once it is complete, and a refused or failed upload is aborted, so a
 * half-written file is never served. /media serves objects through the app (`serve`), Range and
 * all, so the page's Content-Security-Policy and the media's addresses stay as they are.
 */

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** A folder in the bucket ('' or ending in '/'). */
  prefix: string;
}

/** S3's smallest part is 5 MiB; two 8 MiB parts in flight bound an upload's memory. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;

export interface ServedObject {
  status: 200 | 206 | 304;
  body?: Readable;
  contentLength?: number;
  contentRange?: string;
  etag?: string;
  lastModified?: Date;
}

export interface S3MediaStore extends MediaStore {
  kind: 's3';
  /** A kept file, or the one byte range a Range header asks for, for GET /media. */
  serve(name: string, request: { range?: string; ifNoneMatch?: string }): Promise<ServedObject>;
  /** Closes the client's connections. */
  close(): void;
}

/** The refusal S3 gives a range past the end; the answer must name the size. */
export class RangeNotSatisfiable extends AppError {
  /** What the answer must say, as @fastify/send's 416 says it on disk (media-routes.ts). */
  readonly headers: Record<string, string>;
  constructor(readonly size: number) {
    super('range_not_satisfiable', 'The requested range is past the end of the file.');
    this.headers = { 'Content-Range': `bytes */${size}` };
  }
}

const require = createRequire(import.meta.url);
let sdk: typeof ClientS3 & typeof LibStorage;
/**
 * The AWS SDK, loaded when the first store on S3 is made: it takes about a tenth of a second to
 * load, which every server on local disk (and every test file) would otherwise pay.
 */
const aws = () =>
  (sdk ??= {
    ...(require('@aws-sdk/client-s3') as typeof ClientS3),
    ...(require('@aws-sdk/lib-storage') as typeof LibStorage),
  });

const statusOf = (error: unknown) =>
  error instanceof aws().S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** Anything but a plain answer (refused, unreachable, timed out, a 5xx, wrong keys): the store
 * is unavailable. The cause is kept for the log; the person reads what happened and what to do. */
function unavailable(error: unknown, what: string) {
  if (error instanceof AppError) return error;
  return Object.assign(
    new AppError(
      'unavailable',
      `${what} The media storage did not answer; please try again in a few minutes.`,
    ),
    { cause: error },
  );
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n`; anything else is ignored, as S3 does. */
export function singleRange(header: string | undefined) {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] !== '' && match[2] !== '' && Number(match[2]) < Number(match[1])) return undefined;
  return `bytes=${match[1]}-${match[2]}`;
}

export function createS3Client(settings: S3Settings) {
  const { accessKeyId, secretAccessKey } = settings;
  return new (aws().S3Client)({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    // Checksums only where S3 requires them: R2, MinIO and older servers take plain bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A connection that does not open in 5 s, or goes quiet for a minute (a paused visitor's
    // video holds its stream), is given up. Each playing video holds a connection to the bucket
    // while it streams: room for 256 at once, not the SDK's default 50.
    requestHandler: {
      connectionTimeout: 5_000,
      socketTimeout: 60_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
}

export function createS3MediaStore(settings: S3Settings, client = createS3Client(settings)) {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    paginateListObjectsV2,
    Upload,
  } = aws();
  const Bucket = settings.bucket;
  const keyOf = (name: string) => `${settings.prefix}${name}`;
  const nameOf = (entry: string | ReceivedFile) => (typeof entry === 'string' ? entry : entry.name);

  const upload = (name: string, body: Readable, contentType?: string) =>
    new Upload({
      client,
      params: { Bucket, Key: keyOf(name), Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });

  /** Streams `source` into the object; any failure leaves no object. */
  async function put(name: string, source: Readable, contentType?: string) {
    const body = new PassThrough();
    const piping = pipeline(source, body);
    piping.catch(() => undefined);
    const sending = upload(name, body, contentType)
      .done()
      .catch((error: unknown) => {
        // Stop the source too: nobody reads it any more.
        body.destroy(error as Error);
        throw error;
      });
    const [sent, piped] = await Promise.allSettled([sending, piping]);
    if (sent.status === 'fulfilled' && piped.status === 'fulfilled') return;
    await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) })).catch(() => undefined);
    const reasons = [piped, sent].map((r) => (r.status === 'rejected' ? r.reason : undefined));
    throw reasons.find((r) => r instanceof AppError) ?? reasons.find(Boolean);
  }

  const store: S3MediaStore = {
    kind: 's3',
    place: `the bucket ${Bucket}${settings.prefix ? ` (folder ${settings.prefix})` : ''}`,

    async receive(source, kind, maxBytes) {
      const check = inspector(kind, maxBytes);
      const checked = new PassThrough();
      const checking = pipeline(source, check.stream, checked);
      checking.catch(() => undefined);
      // The name carries the type, so the object is named once its first bytes are in.
      const format = await Promise.race([
        check.known,
        checking.then(() => check.result().format),
      ]).catch((error: unknown) => {
        checked.destroy();
        throw error;
      });
      const name = `${randomUUID()}.${format.ext}`;
      const outcomes = await Promise.allSettled([put(name, checked, format.contentType), checking]);
      const reasons = outcomes.map((o) => (o.status === 'rejected' ? o.reason : undefined));
      const failure = reasons.find((r) => r instanceof AppError) ?? reasons.find(Boolean);
      if (failure) throw unavailable(failure, 'The file was not saved.');
      const { size } = check.result();
      return { kind, name, contentType: format.contentType, size, tempPath: keyOf(name) };
    },

    // The object is under its final name from the start: nothing refers to it before the row.
    async keep() {},

    async remove(entries) {
      for (const entry of entries) {
        if (!entry || !storedNamePattern.test(nameOf(entry))) continue;
        try {
          await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(nameOf(entry)) }));
        } catch (error) {
          throw unavailable(error, 'The file was not removed.');
        }
      }
    },

    async list() {
      const names: string[] = [];
      try {
        for await (const page of paginateListObjectsV2(
          { client },
          { Bucket, Prefix: settings.prefix },
        )) {
          for (const object of page.Contents ?? []) {
            const name = object.Key?.slice(settings.prefix.length) ?? '';
            if (storedNamePattern.test(name)) names.push(name);
          }
        }
      } catch (error) {
        throw unavailable(error, 'The files could not be listed.');
      }
      return names.sort();
    },

    async read(name) {
      const served = await store.serve(name, {});
      return served.body!;
    },

    async sizeOf(name) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket, Key: keyOf(checkedName(name)) }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw unavailable(error, 'The file could not be read.');
      }
    },

    async write(name, source) {
      try {
        await put(checkedName(name), source);
      } catch (error) {
        throw unavailable(error, 'The file was not saved.');
      }
    },

    close() {
      client.destroy();
    },

    async serve(name, request) {
      const Key = keyOf(checkedName(name));
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            Range: singleRange(request.range),
            IfNoneMatch: request.ifNoneMatch,
          }),
        );
        return {
          status: object.$metadata.httpStatusCode === 206 ? 206 : 200,
          body: object.Body as Readable,
          contentLength: object.ContentLength,
          contentRange: object.ContentRange,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) return { status: 304 };
        if (status === 404) throw notStored(name);
        if (status === 416) {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key })).catch(() => {
            throw unavailable(error, 'The file could not be read.');
          });
          throw new RangeNotSatisfiable(head.ContentLength ?? 0);
        }
        throw unavailable(error, 'The file could not be read.');
      }
    },
  };
  return store;
}
