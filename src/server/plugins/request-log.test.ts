import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log';

async function served(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new OneLinePerRequest(),
  });
  app.get('/page', async () => 'ok');
  await app.inject('/page');
  await app.close();
  return lines.filter((line) => line.reqId !== undefined);
}

describe('the request log', () => {
  it('writes one line at info, once the request is answered', async () => {
    const lines = await served('info');
    expect(lines.map((line) => line.msg)).toEqual(['request completed']);
  });

  it('writes the request as it comes in too, at debug: a request that never ends still shows', async () => {
    const lines = await served('debug');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[0]).toMatchObject({ level: 20, req: { method: 'GET', url: '/page' } });
  });

  it('writes nothing for a request at warn', async () => {
    expect(await served('warn')).toEqual([]);
  });
});
