import type { components } from '../../contract/schema';

type ErrorBody = components['schemas']['Error'];
type OrderTotals = components['schemas']['OrderTotals'];

/** The contract's error codes, plus the two the client itself produces. */
export type ApiErrorCode = ErrorBody['code'] | 'NETWORK' | 'UNKNOWN';

/**
 * Every code the contract's Error enum has, as the keys of a record typed by that enum: a code
 * added to `openapi.yaml` (and so to the generated types) fails the typecheck here until it is
 * listed, instead of silently arriving as `UNKNOWN`.
 */
const CONTRACT_CODE_TABLE: Record<ErrorBody['code'], true> = {
  VALIDATION_FAILED: true,
  PROMO_REJECTED: true,
  INVALID_CREDENTIALS: true,
  UNAUTHORIZED: true,
  FORBIDDEN: true,
  NOT_FOUND: true,
  METHOD_NOT_ALLOWED: true,
  EMAIL_TAKEN: true,
  OUT_OF_STOCK: true,
  PRODUCT_UNAVAILABLE: true,
  TOTALS_MISMATCH: true,
  INVALID_STATUS_TRANSITION: true,
  PAYMENT_NOT_CONFIRMED: true,
  ORDER_CANCELLED: true,
  PASSWORD_CHANGE_CONFLICT: true,
  PAYMENT_METHOD_UNAVAILABLE: true,
  ORDER_LIMIT_EXCEEDED: true,
  TOO_MANY_OPEN_ORDERS: true,
  IDEMPOTENCY_CONFLICT: true,
  ORDER_ALREADY_PAID: true,
  TOO_MANY_REQUESTS: true,
  PAYLOAD_TOO_LARGE: true,
  REQUEST_TIMEOUT: true,
  UNSUPPORTED_MEDIA_TYPE: true,
  SERVICE_UNAVAILABLE: true,
  INTERNAL: true,
};

function isContractCode(code: string): code is ErrorBody['code'] {
  return Object.hasOwn(CONTRACT_CODE_TABLE, code);
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const UNAVAILABLE_ERROR_MESSAGE =
  'The service is unavailable right now. Please try again in a moment.';

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  fields?: Record<string, string>;
  totals?: OrderTotals;
  /** With 429 and 503: the seconds the server asks the client to wait. */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * The one error every request function throws. Views and machines branch on `code` and read
 * `fields` (dotted paths, e.g. `shippingAddress.postalCode`) to show messages under the fields.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string>;
  readonly totals: OrderTotals | undefined;
  readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.totals = init.totals;
    this.retryAfter = init.retryAfter;
  }

  /** A request that never got an answer (offline, DNS, refused connection, CORS). */
  static network(cause?: unknown): ApiError {
    return new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE, cause });
  }

  /**
   * Builds the error from a non-2xx answer's status and raw body text. A body that is not the
   * documented Error shape (an HTML page from a proxy, an empty 502) still gives a usable error.
   */
  static fromBody(status: number, bodyText: string): ApiError {
    const body = parseJson(bodyText);
    if (isRecord(body)) {
      const rawCode = typeof body.code === 'string' ? body.code : undefined;
      const code: ApiErrorCode =
        rawCode !== undefined && isContractCode(rawCode) ? rawCode : codeForStatus(status);
      const message =
        typeof body.message === 'string' && body.message.trim() !== ''
          ? body.message
          : messageForStatus(status);
      return new ApiError({
        status,
        code,
        message,
        fields: readFields(body.fields),
        totals: readTotals(body.totals),
        retryAfter: readRetryAfter(body.retryAfter),
      });
    }
    return new ApiError({ status, code: codeForStatus(status), message: messageForStatus(status) });
  }

  get isNetwork(): boolean {
    return this.code === 'NETWORK';
  }
  /** The session is gone (missing, expired or revoked token): the caller signs out. */
  get isUnauthorized(): boolean {
    return this.code === 'UNAUTHORIZED';
  }
  get isInvalidCredentials(): boolean {
    return this.code === 'INVALID_CREDENTIALS';
  }
  get isValidation(): boolean {
    return this.code === 'VALIDATION_FAILED';
  }
  get isNotFound(): boolean {
    return this.code === 'NOT_FOUND';
  }
  get isConflict(): boolean {
    return this.status === 409;
  }
  get isOutOfStock(): boolean {
    return this.code === 'OUT_OF_STOCK';
  }
  get isTotalsMismatch(): boolean {
    return this.code === 'TOTALS_MISMATCH';
  }
  get isPaymentNotConfirmed(): boolean {
    return this.code === 'PAYMENT_NOT_CONFIRMED';
  }
  get isPromoRejected(): boolean {
    return this.code === 'PROMO_REJECTED';
  }
  get isEmailTaken(): boolean {
    return this.code === 'EMAIL_TAKEN';
  }
  /** Worth retrying later: no answer, or the server said it is unavailable. */
  get isRetryable(): boolean {
    return this.status === 0 || this.status === 503 || this.status === 502 || this.status === 504;
  }
  get hasFieldErrors(): boolean {
    return Object.keys(this.fields).length > 0;
  }
  /** The server's message for one field (dotted path), if any. */
  fieldError(path: string): string | undefined {
    return this.fields[path];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

function readRetryAfter(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

const TOTAL_KEYS = ['subtotal', 'tax', 'shipping', 'discount', 'total'] as const;

function readTotals(value: unknown): OrderTotals | undefined {
  if (!isRecord(value)) return undefined;
  if (!TOTAL_KEYS.every((key) => typeof value[key] === 'number')) return undefined;
  return {
    subtotal: value.subtotal as number,
    tax: value.tax as number,
    shipping: value.shipping as number,
    discount: value.discount as number,
    total: value.total as number,
  };
}

function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 500:
      return 'INTERNAL';
    case 502:
    case 503:
    case 504:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'UNKNOWN';
  }
}

function messageForStatus(status: number): string {
  return status >= 502 && status <= 504 ? UNAVAILABLE_ERROR_MESSAGE : GENERIC_ERROR_MESSAGE;
}
