import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, ContractError, getJson, postJson } from './api';

const answer = z.object({ id: z.string(), total: z.number() });

function serve(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the JSON calls read each answer through its contract', () => {
  it('answers what the contract reads', async () => {
    serve(200, { id: 'a1', total: 3, extra: 'dropped' });
    await expect(getJson('GET /api/thing', answer)).resolves.toEqual({ id: 'a1', total: 3 });
  });

  it('fails loudly, naming the route and the field, when the answer breaks the contract', async () => {
    serve(200, { id: 'a1', total: 'three' });
    const failure = getJson('GET /api/thing', answer, { query: { secret: 'token' } });
    await expect(failure).rejects.toBeInstanceOf(ContractError);
    await expect(failure).rejects.toThrow(/^\/api\/thing answered outside its contract: total: /);
  });

  it('loads a contract given as a loader, and posts the body as JSON', async () => {
    const fetchMock = serve(200, { id: 'b2', total: 0 });
    const result = await postJson('POST /api/things', { name: 'x' }, async () => answer);
    expect(result).toEqual({ id: 'b2', total: 0 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ name: 'x' }) }),
    );
  });

  it('turns a refusal into an ApiError with the field messages, without reading a contract', async () => {
    serve(400, {
      error: { code: 'bad_request', message: 'Check the form', fields: { email: 'Bad email' } },
    });
    const failure = postJson('POST /api/things', {}, answer);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'Check the form',
      fields: { email: 'Bad email' },
    });
  });

  it('never leads a message with the HTTP status: people read it', async () => {
    serve(402, {
      error: { code: 'payment_declined', message: 'This OJC card is invalid or inactive.' },
    });
    await expect(postJson('POST /api/things', {}, answer)).rejects.toMatchObject({
      status: 402,
      message: 'This OJC card is invalid or inactive.',
    });
  });

  it('says in plain words what failed when the server sent no message of its own', async () => {
    const message = 'Something went wrong. Please try again in a few minutes.';
    for (const status of [503, 502, 404]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('<html>Bad Gateway</html>', { status })),
      );
      await expect(getJson('GET /api/thing', answer)).rejects.toMatchObject({ status, message });
    }
  });
});
