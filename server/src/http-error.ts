import type { components } from '../../contract/schema';

// The contract's Error schema, so the server cannot drift from openapi.yaml.
export type ErrorBody = components['schemas']['Error'];
export type ErrorCode = components['schemas']['Error']['code'];
type OrderTotals = components['schemas']['OrderTotals'];

/** A refusal a handler means to give; anything else thrown is a bug and becomes 500 INTERNAL. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly totals: OrderTotals | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    extra: {
      fields?: Record<string, string>;
      totals?: OrderTotals;
      headers?: Record<string, string>;
      /** Seconds; also sent as Retry-After. */
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = extra.fields;
    this.totals = extra.totals;
    this.retryAfter = extra.retryAfter;
    this.headers =
      extra.retryAfter === undefined
        ? extra.headers
        : { ...extra.headers, 'Retry-After': String(extra.retryAfter) };
  }
}

const VALIDATION_MESSAGE = 'Request validation failed';
const UNAUTHORIZED_MESSAGE = 'Your session has expired. Please sign in again.';

export function validationError(
  fields: Record<string, string>,
  message: string = VALIDATION_MESSAGE,
): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', message, { fields });
}

export function notFound(message: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', message);
}

export function unauthorized(message: string = UNAUTHORIZED_MESSAGE): ApiError {
  return new ApiError(401, 'UNAUTHORIZED', message);
}

export function errorBody(error: ApiError, path: string, now: Date): ErrorBody {
  const body: ErrorBody = {
    status: error.status,
    code: error.code,
    message: error.message,
    path,
    timestamp: now.toISOString(),
  };
  if (error.fields) body.fields = error.fields;
  if (error.totals) body.totals = error.totals;
  if (error.retryAfter !== undefined) body.retryAfter = error.retryAfter;
  return body;
}
