import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode } from '../errors';

const genericMessages: Partial<Record<number, [ErrorCode, string]>> = {
  400: ['bad_request', 'The request could not be understood.'],
  404: ['not_found', 'Not found.'],
  413: ['payload_too_large', 'The request is too large.'],
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

/** The one error handler: logs with the request id, answers `{error: {code, message, fields?}}`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [status, body] = toBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, status }, 'request refused');
    return reply.status(status).send(body);
  });
}
