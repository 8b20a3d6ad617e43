/** The one JSON error body every API error answers with (DESIGN.md). */
export interface ApiErrorBody {
  error: {
    message: string;
    fields?: Record<string, string>;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
