import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible server for tests: s3rver (objects, buckets, multipart uploads, S3's XML
 * errors such as 404 NoSuchKey and 416 InvalidRange) with two holes closed, so it is as strict
 * as S3 where our code depends on it:
 * - s3rver accepts any Signature Version 4 request whose key id exists; here every request must
 *   carry a valid SigV4 signature (checked by this file's own implementation, not the SDK's), a
 *   known key and a time within 15 minutes, or it gets S3's 403.
 * - s3rver reads `bytes=-500` (the last 500 bytes) as the first 500 and answers a malformed or
 *   multiple range with garbage; here a suffix range means the end of the object and anything but
 *   one well-formed range is ignored (a 200 with the whole object), as S3 does.
 */

export const s3TestKeys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const s3TestRegion = 'us-east-1';

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** What each request asked for (method and path with query), in order. */
  requests: string[];
  /** The S3 error codes of the requests it refused before s3rver saw them. */
  refusals: string[];
  close(): Promise<void>;
}

interface Context {
  method: string;
  path: string;
  status: number;
  type: string;
  body: unknown;
  req: { url?: string; headers: Record<string, string | string[] | undefined> };
  app: { store: { getMetadata(bucket: string, key: string): Promise<Record<string, string>> } };
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function s3Error(ctx: Context, status: number, code: string, message: string) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>stand-in</RequestId></Error>`;
}

const header = (ctx: Context, name: string) => {
  const value = ctx.req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Why a request's SigV4 signature is refused, or undefined when it is good. */
function signatureProblem(ctx: Context): [number, string, string] | undefined {
  const auth = header(ctx, 'authorization') ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return [403, 'AccessDenied', 'Access Denied'];
  const [, keyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== s3TestKeys.accessKeyId) {
    return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.'];
  }
  const amzDate = header(ctx, 'x-amz-date') ?? '';
  const when = Date.parse(
    amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!amzDate.startsWith(date!) || !(Math.abs(Date.now() - when) < 15 * 60_000)) {
    return [403, 'RequestTimeTooSkewed', 'The difference between the request time is too large.'];
  }
  const payloadHash = header(ctx, 'x-amz-content-sha256');
  const names = signedHeaders!.split(';');
  if (!payloadHash || !names.includes('host')) {
    return [400, 'InvalidRequest', 'Missing required header for this request.'];
  }
  const url = ctx.req.url ?? '/';
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query = (at < 0 ? '' : url.slice(at + 1))
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const [k, v] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      return `${encode(decodeURIComponent(k))}=${encode(decodeURIComponent(v))}`;
    })
    .sort()
    .join('&');
  const canonicalHeaders = names
    .map((name) => `${name}:${(header(ctx, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonical = [ctx.method, path, query, canonicalHeaders, signedHeaders, payloadHash];
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical.join('\n'))].join('\n');
  let key: Buffer = hmac(`AWS4${s3TestKeys.secretAccessKey}`, date!);
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = hmac(key, toSign);
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
    return [403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match.'];
  }
  return undefined;
}

/** One well-formed range as s3rver understands it, S3's way; false: answer 416. */
async function normaliseRange(ctx: Context): Promise<boolean> {
  const range = header(ctx, 'range');
  if (range === undefined || !['GET', 'HEAD'].includes(ctx.method)) return true;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const [, start = '', end = ''] = match ?? [];
  if (!match || (start === '' && end === '') || (start && end && Number(end) < Number(start))) {
    delete ctx.req.headers.range;
    return true;
  }
  if (start !== '') return true;
  const [, bucket = '', ...key] = ctx.path.split('/');
  const metadata = await ctx.app.store
    .getMetadata(decodeURIComponent(bucket), decodeURIComponent(key.join('/')))
    .catch(() => undefined);
  if (!metadata) return true; // s3rver answers NoSuchKey
  const size = Number(metadata['content-length']);
  if (Number(end) === 0 || size === 0) return false;
  ctx.req.headers.range = `bytes=${Math.max(0, size - Number(end))}-`;
  return true;
}

/** Starts the stand-in on 127.0.0.1 (any free port unless one is given) with one bucket. */
export async function startS3StandIn({ port = 0, bucket = 'tziyun-media' } = {}) {
  const directory = await mkdtemp(join(tmpdir(), 'tziyun-s3-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const requests: string[] = [];
  const refusals: string[] = [];
  (server as unknown as { middleware: unknown[] }).middleware.unshift(
    async (ctx: Context, next: () => Promise<void>) => {
      requests.push(`${ctx.method} ${ctx.req.url}`);
      const problem = signatureProblem(ctx);
      if (problem) {
        refusals.push(problem[1]);
        return s3Error(ctx, ...problem);
      }
      if (!(await normaliseRange(ctx))) {
        refusals.push('InvalidRange');
        return s3Error(ctx, 416, 'InvalidRange', 'The requested range is not satisfiable');
      }
      return next();
    },
  );
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    requests,
    refusals,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  } satisfies S3StandIn;
}

/** A port nothing listens on: free to use, or, unused, a server that cannot be reached. */
export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
