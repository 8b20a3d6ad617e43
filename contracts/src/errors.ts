import type { OrderConflictLine } from './orders';

/** The one JSON error body every API error answers with (DESIGN.md). */
export interface ApiErrorBody {
  error: {
    message: string;
    fields?: Record<string, string>;
    /** A 409 of POST /v1/orders: per line refused, what is available now and its price. */
    lineas?: OrderConflictLine[];
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
