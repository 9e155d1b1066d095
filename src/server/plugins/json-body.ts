import type { FastifyInstance } from 'fastify';
import { AppError } from '~/server/errors';

/** A NUL, or half of a surrogate pair: text that no PostgreSQL text or jsonb value can hold. */
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Walks the parsed body without recursion (bodies nest as deep as 64 KiB allows). */
function hasUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (unstorable.test(item)) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (unstorable.test(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), which also refuses text the database
 * cannot store: such a body would otherwise fail at the first insert, as a 500 (a video comment
 * with a lone surrogate did, found by tests/security/api-fuzz.test.ts).
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, String(body), (error, value) => {
      if (error) return done(error, undefined);
      if (hasUnstorableText(value)) {
        return done(
          new AppError('bad_request', 'The request contains characters that are not allowed.'),
          undefined,
        );
      }
      return done(null, value);
    });
  });
}
