// The one error class of the server: carries the catalogue type, the message users see, the HTTP status.
import type { ErrorLevel, ErrorType, NezhaErrorPayload } from '@nezha/core';

export interface NezhaErrorOptions {
  type: ErrorType;
  message: string;
  status?: number;
  level?: ErrorLevel;
  extra?: Record<string, unknown>;
  cause?: unknown;
  /** Sent with the answer (Retry-After of a 503). */
  headers?: Record<string, string>;
}

export class NezhaError extends Error {
  override name = 'NezhaError';
  readonly type: ErrorType;
  readonly status: number;
  readonly level: ErrorLevel;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;

  constructor(options: NezhaErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.type = options.type;
    this.status = options.status ?? 500;
    this.level = options.level ?? 'error';
    this.extra = options.extra;
    this.headers = options.headers ?? {};
  }

  toPayload(): NezhaErrorPayload {
    return {
      message: this.message,
      error_type: this.type,
      level: this.level,
      ...(this.extra ? { extra: this.extra } : {}),
    };
  }
}

export function isNezhaError(error: unknown): error is NezhaError {
  return error instanceof NezhaError;
}

/** A plain HTTP failure with a message and no catalogue type (answered as `{message}`). */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Sent with the answer (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
