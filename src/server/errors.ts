/** Every refusal the API gives, by code. One table maps codes to HTTP statuses. */
export const errorStatus = {
  validation_failed: 400,
  bad_request: 400,
  link_expired: 400,
  unauthorized: 401,
  /** The payment provider refused the card (OJC's decline statuses). */
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}
