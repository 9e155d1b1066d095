import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode } from '~/server/errors';

const genericMessages: Partial<Record<number, [ErrorCode, string]>> = {
  400: ['bad_request', 'The request could not be understood.'],
  401: ['unauthorized', 'Please sign in to continue.'],
  // @fastify/send refuses a path it may not open (a name too long for the file system) with 403.
  403: ['forbidden', 'The request was refused.'],
  404: ['not_found', 'Not found.'],
  413: ['payload_too_large', 'The request is too large.'],
  414: ['uri_too_long', 'The address is too long.'],
  415: ['unsupported_media_type', 'Send the request as application/json.'],
  429: ['rate_limited', 'Too many requests. Please wait a minute and try again.'],
};

/** Turns zod's issues into one message per field: the first issue of each field wins. */
function fieldMessages(issues: { instancePath: string; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    fields[field] ??= issue.message;
  }
  return fields;
}

/**
 * PostgreSQL's refusals of text it cannot store (a NUL character, in a column or in JSON): the
 * request's fault, so a 400 rather than a 500. Found by the API fuzzing (tests/security).
 */
const unstorableTextCodes = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error, possibly wrapped (Drizzle keeps the driver's as `cause`). */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function toBody(error: FastifyError | AppError): [number, ErrorBody] {
  if (error instanceof AppError) {
    return [
      error.statusCode,
      { error: { code: error.code, message: error.message, fields: error.fields } },
    ];
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = fieldMessages(
      error.validation.map((v) => ({
        instancePath: v.instancePath,
        message: v.message ?? 'Invalid value',
      })),
    );
    const first = Object.values(fields)[0] ?? 'Invalid input';
    return [400, { error: { code: 'validation_failed', message: first, fields } }];
  }
  if (unstorableTextCodes.has(sqlState(error) ?? '')) {
    return [
      400,
      {
        error: {
          code: 'bad_request',
          message: 'The request contains characters that are not allowed.',
        },
      },
    ];
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const [code, message] = genericMessages[status] ?? ['bad_request', 'The request was refused.'];
    return [status, { error: { code, message } }];
  }
  return [
    500,
    { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
  ];
}

function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, body] = toBody(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.error.code, status }, 'request refused');
  return reply.status(status).send(body);
}

/**
 * Fastify's `frameworkErrors`: the router's refusals (a malformed percent-encoding, a parameter
 * past its length limit) come here before any route or hook, and get the API's error body and
 * the security headers (`headers`) too.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers).header('x-request-id', request.id);
    return answer(error, request, reply);
  };
}

/** The one error handler: logs with the request id, answers `{error: {code, message, fields?}}`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(answer);
}
