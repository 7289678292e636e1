// The fetch mutator every generated API call goes through (see orval.config.ts):
// adds the bearer token and turns RFC 9457 problem+json answers into a typed ApiError.
import { getAccessToken } from './session';

/** Wire shape of the server's error answers (`Problem` in the OpenAPI spec). */
interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string | null;
  code?: string;
  request_id?: string | null;
}

/** Code used when the answer is not problem+json (a proxy error page, a network failure). */
export const UNEXPECTED_RESPONSE = 'UNEXPECTED_RESPONSE';

export class ApiError extends Error {
  readonly status: number;
  /** Stable machine code (SCREAMING_SNAKE_CASE) translated through the `errors` namespace. */
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    title: string;
    detail?: string;
    requestId?: string;
  }) {
    super(init.detail ?? init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.requestId = init.requestId;
  }
}

/**
 * Picked up by orval as the error type of every generated hook. Orval passes the spec's error
 * body type, but at run time every failure arrives as an ApiError.
 */
export type ErrorType<_ErrorBody> = ApiError;

function isProblem(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('application/problem+json');
}

async function toApiError(response: Response): Promise<ApiError> {
  const headerRequestId = response.headers.get('x-request-id') ?? undefined;
  if (isProblem(response)) {
    const problem = (await response.json()) as ProblemBody;
    return new ApiError({
      status: problem.status ?? response.status,
      code: problem.code ?? UNEXPECTED_RESPONSE,
      title: problem.title ?? response.statusText,
      detail: problem.detail ?? undefined,
      requestId: problem.request_id ?? headerRequestId,
    });
  }
  return new ApiError({
    status: response.status,
    code: UNEXPECTED_RESPONSE,
    title: response.statusText,
    requestId: headerRequestId,
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  return contentType.includes('json') ? JSON.parse(text) : text;
}

export async function apiFetch<T>(url: string, init: RequestInit): Promise<T> {
  const headers = new Headers(init.headers);
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json, application/problem+json');

  const response = await fetch(url, { ...init, headers });
  if (!response.ok) throw await toApiError(response);
  return (await readBody(response)) as T;
}
