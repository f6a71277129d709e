// A failure as Superset's clients read it outside a normal error answer (a batch line, an async event):
// the HTTP status the call would have had, its message and the catalogue errors. Never a stack trace.
import type { NezhaErrorPayload } from '@nezha/core';
import { HttpError, isNezhaError } from './nezha-error.js';
import { ValidationError } from './validation-error.js';

export interface ErrorAnswer {
  status: number;
  message: string;
  errors: NezhaErrorPayload[];
}

/** `onUnexpected` hears of failures that are the server's fault, which the answer only reports vaguely. */
export function errorAnswerOf(error: unknown, onUnexpected?: (error: unknown) => void): ErrorAnswer {
  if (error instanceof ValidationError) {
    return {
      status: error.status,
      message: 'Validation failed',
      errors: [
        {
          message: 'The chart data request is not valid.',
          error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
          level: 'error',
          extra: { messages: error.fields },
        },
      ],
    };
  }
  if (isNezhaError(error)) return { status: error.status, message: error.message, errors: [error.toPayload()] };
  if (error instanceof HttpError) {
    return {
      status: error.status,
      message: error.message,
      errors: [{ message: error.message, error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }],
    };
  }
  onUnexpected?.(error);
  const message = 'Internal server error';
  return { status: 500, message, errors: [{ message, error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }] };
}
