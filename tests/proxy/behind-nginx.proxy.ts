import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '~scripts/resilience-lib';
import { startS3StandIn } from '~tests/helpers/s3-stand-in';
import {
  createAdmin,
  freePort,
  send,
  startInstance,
  startProxy,
  type Answer,
  type Instance,
  type Proxy,
  type Site,
} from './proxy-harness';

/**
 * Two processes of the built server behind Debian's nginx with deploy/nginx/tziyun-proxy.conf,
 * on one PostgreSQL database and one S3-compatible store (ADR 028). Everything
 * goes through the proxy, from visitor addresses other than the proxy's own (127.0.0.2 and up).
 * `npm run build` first; `npm run test:proxy` runs it.
 */

const USERNAME = 'proxy-owner';
/** A test account's password, not a secret. */
const PASSWORD = 'proxy test correct horse battery staple';

let site: Site;
let drop: () => Promise<void>;
let proxy: Proxy;
const instances: Instance[] = [];

beforeAll(async () => {
  const database = await createScratchDatabase('tziyun_proxy');
  drop = database.drop;
  const proxyPort = await freePort();
  site = {
    publicUrl: `http://127.0.0.1:${proxyPort}`,
    databaseUrl: database.url,
    bucket: await startS3StandIn(),
    formRateLimit: 3,
    dataDir: await mkdtemp(join(tmpdir(), 'tziyun-proxy-')),
  };
  // Both start together on the empty database: one migrates, the other waits for it.
  const ports = [await freePort(), await freePort()];
  instances.push(...(await Promise.all(ports.map((port) => startInstance(site, port)))));
  createAdmin(site, USERNAME, PASSWORD);
  proxy = await startProxy(proxyPort, ports);
});

afterAll(async () => {
  for (const instance of instances) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  await proxy?.stop();
  await site?.bucket.close();
  await drop?.();
  if (site) await rm(site.dataDir, { recursive: true, force: true });
});

const upstream = (answer: Answer) => String(answer.headers['x-upstream']);
const through = (path: string, options: Parameters<typeof send>[1] = {}) =>
  send(`${proxy.url}${path}`, options);

/** Repeats a request until an instance other than `other` answers it (round robin: the next). */
async function onAnotherInstance(other: string, ask: () => Promise<Answer>) {
  for (let tries = 0; tries < 6; tries += 1) {
    const answer = await ask();
    if (upstream(answer) !== other) return answer;
  }
  throw new Error(`every answer came from ${other}`);
}

interface Session {
  cookie: string;
  headers: Record<string, string>;
}

async function signIn(): Promise<Session & { upstream: string }> {
  const answer = await through('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.publicUrl },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  expect(answer.status, answer.text).toBe(200);
  const cookies = [answer.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]);
  const cookie = cookies.join('; ');
  const { csrfToken } = JSON.parse(answer.text) as { csrfToken: string };
  return {
    cookie,
    headers: { cookie, 'x-csrf-token': csrfToken, origin: site.publicUrl },
    upstream: upstream(answer),
  };
}

function contact(from: string, forwardedFor?: string) {
  return through('/api/contact', {
    method: 'POST',
    from,
    headers: {
      'content-type': 'application/json',
      origin: site.publicUrl,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({
      name: 'Behind The Proxy',
      email: 'proxy@example.org',
      message: 'Please pray for my mother.',
    }),
  });
}

/** A multipart body with a title and an MP4 file, as the admin's video form sends it. */
function videoForm(video: Buffer) {
  const boundary = `----tziyun${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('title', 'Through the proxy') + field('isPublished', 'true')),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="videoFile"; filename="t.mp4"\r\ncontent-type: video/mp4\r\n\r\n`,
    ),
    video,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Bytes that start as an MP4 does, then a counting pattern. */
function sampleVideo(size: number) {
  const video = Buffer.alloc(size);
  Buffer.from([0, 0, 0, 0x18]).copy(video);
  Buffer.from('ftypisom\0\0\x02\0isomiso2').copy(video, 4);
  for (let i = 24; i < size; i += 1) video[i] = i % 251;
  return video;
}

/** Requests from several visitors at once for `ms`, while `during` runs; every answer. */
async function underLoad(path: string, ms: number, during: () => Promise<void>) {
  const statuses: number[] = [];
  const until = Date.now() + ms;
  const visitor = async () => {
    while (Date.now() < until) statuses.push((await through(path)).status);
  };
  await Promise.all([visitor(), visitor(), visitor(), visitor(), during()]);
  return statuses;
}

describe('two instances behind nginx', () => {
  it('a session made through one instance works on the other', async () => {
    const session = await signIn();
    const answer = await onAnotherInstance(session.upstream, () =>
      through('/api/admin/session', { headers: { cookie: session.cookie } }),
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).user.username).toBe(USERNAME);
  });

  it('counts a visitor’s form posts once across both, whatever X-Forwarded-For it sends', async () => {
    const answers = [];
    for (let n = 0; n < site.formRateLimit + 2; n += 1) {
      answers.push(await contact('127.0.0.2', `198.51.100.${n}`));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(new Set(answers.map(upstream)).size).toBe(2);
    // Another visitor has a count of their own.
    expect((await contact('127.0.0.3')).status).toBe(200);
  });

  it('plays an upload made through one instance, with ranges, through the other', async () => {
    const session = await signIn();
    const video = sampleVideo(300_000);
    const form = videoForm(video);
    const created = await through('/api/admin/videos', {
      method: 'POST',
      headers: { ...session.headers, 'content-type': form.contentType },
      body: form.body,
    });
    expect(created.status, created.text).toBe(201);
    const { videoUrl } = JSON.parse(created.text) as { videoUrl: string };
    const played = await onAnotherInstance(upstream(created), () =>
      through(videoUrl, { headers: { range: 'bytes=1000-1999' } }),
    );
    expect(played.status).toBe(206);
    expect(played.headers['content-range']).toBe('bytes 1000-1999/300000');
    expect(played.body.equals(video.subarray(1000, 2000))).toBe(true);
  });

  it('loses no request when an instance stops, gracefully or killed', async () => {
    const [first, second] = instances as [Instance, Instance];
    // A deploy: SIGTERM, the instance finishes what it has and stops. Visitors see nothing.
    const drained = await underLoad('/api/videos', 1500, async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      first.child.kill('SIGTERM');
      await first.exited;
    });
    expect(drained.length).toBeGreaterThan(20);
    expect(drained.filter((status) => status !== 200)).toEqual([]);
    // A form posted meanwhile is answered by the other instance: never sent to the stopped one.
    expect((await contact('127.0.0.4')).status).toBe(200);

    // Back, then the other one crashes mid-traffic: its requests in flight are retried.
    instances[0] = await startInstance(site, first.port);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // nginx's fail_timeout
    const crashed = await underLoad('/api/videos', 1500, async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      second.child.kill('SIGKILL');
    });
    expect(crashed.filter((status) => status !== 200)).toEqual([]);
    const retried = (await proxy.accessLog()).filter((line) => /"[\d.:]+, [\d.:]+"/.test(line));
    expect(retried.length).toBeGreaterThan(0);
  });
});
