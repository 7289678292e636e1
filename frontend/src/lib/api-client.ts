// The fetch mutator every generated API call goes through (see orval.config.ts): adds the CSRF
// token to every write and the UI language, turns RFC 9457 problem+json answers into a typed
// ApiError, and reports an ended session (401) or a refused call (403) to whoever listens.
// The session itself travels in an HttpOnly cookie the browser sends on its own. A GET that the
// entry already started (early-reads.ts) takes that answer instead of asking again.
import type { FieldCode } from '@/api/gen/playtrack.schemas';
import { csrfToken } from './csrf-cookie';
import { API_ACCEPT, takeEarlyRead } from './early-reads';
import { i18n } from './i18n';
import { isSignedIn, sessionGeneration } from './session';
import { emitSessionEvent } from './session-events';

const CSRF_HEADER = 'X-CSRF-Token';
/** Requests that only read: the server asks no CSRF token of them. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Wire shape of the server's error answers (`Problem` in the OpenAPI spec). */
interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string | null;
  code?: string;
  request_id?: string | null;
  errors?: FieldProblem[] | null;
  remaining_attempts?: number | null;
  user_status?: string | null;
  retry_after_seconds?: number | null;
  redirect_to?: string | null;
}

/** One field's problem: a stable code (`REQUIRED`, `INVALID_EMAIL`, `UPPERCASE`, …). */
export interface FieldProblem {
  field: string;
  code: FieldCode;
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
  /** For `VALIDATION_FAILED` and `PASSWORD_POLICY`: what is wrong with which field. */
  readonly fieldErrors: readonly FieldProblem[];
  /** For `OTP_INVALID`: tries left before the sign-in must start again. */
  readonly remainingAttempts: number | undefined;
  /** For `USER_STATE`: the user's status (`invited`, `active` or `disabled`). */
  readonly userStatus: string | undefined;
  /** For `RATE_LIMITED`: when to try again (the body's field, else the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;
  /** For `OAUTH_REQUEST`: the game's address that reports the error back to it. */
  readonly redirectTo: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    title: string;
    detail?: string;
    requestId?: string;
    fieldErrors?: readonly FieldProblem[];
    remainingAttempts?: number;
    userStatus?: string;
    retryAfterSeconds?: number;
    redirectTo?: string;
  }) {
    super(init.detail ?? init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.fieldErrors = init.fieldErrors ?? [];
    this.remainingAttempts = init.remainingAttempts;
    this.userStatus = init.userStatus;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.redirectTo = init.redirectTo;
  }
}

/** The problem code of a failed call; undefined for anything that is not an ApiError. */
export function problemCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** The user's status a `USER_STATE` problem names (`invited`, `active`, `disabled`). */
export function problemUserStatus(error: unknown): string | undefined {
  return error instanceof ApiError ? error.userStatus : undefined;
}

/**
 * Picked up by orval as the error type of every generated hook. Orval passes the spec's error
 * body type, but at run time every failure arrives as an ApiError.
 */
export type ErrorType<_ErrorBody> = ApiError;

function isProblem(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('application/problem+json');
}

/** Retry-After in seconds; the HTTP-date form is not used by this server. */
function retryAfterHeader(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
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
      fieldErrors: problem.errors ?? [],
      remainingAttempts: problem.remaining_attempts ?? undefined,
      userStatus: problem.user_status ?? undefined,
      retryAfterSeconds: problem.retry_after_seconds ?? retryAfterHeader(response),
      redirectTo: problem.redirect_to ?? undefined,
    });
  }
  return new ApiError({
    status: response.status,
    code: UNEXPECTED_RESPONSE,
    title: response.statusText,
    requestId: headerRequestId,
    retryAfterSeconds: retryAfterHeader(response),
  });
}

/** The 401 codes that mean "the session is over", not a sign-in step's failure. */
const SESSION_ENDED_CODES = new Set(['UNAUTHENTICATED', 'SESSION_EXPIRED', UNEXPECTED_RESPONSE]);

/** What a call may add to fetch's options. */
export interface ApiRequestInit extends RequestInit {
  /** The caller shows a 403 FORBIDDEN itself (the game sign-in's "only trainees can play"),
   * so it is not reported as a screen the role may not open. */
  forbiddenIsAnswer?: boolean;
}

function reportSessionProblems(error: ApiError, sentGeneration: number, forbiddenIsAnswer: boolean): void {
  // Only the session this tab still holds: a late answer to a call made before it was replaced
  // or ended (logout, a second 401), or the check at start finding nobody, signs nobody out.
  if (
    error.status === 401 &&
    isSignedIn() &&
    sentGeneration === sessionGeneration() &&
    SESSION_ENDED_CODES.has(error.code)
  ) {
    emitSessionEvent('expired');
  } else if (error.status === 403 && error.code === 'FORBIDDEN' && !forbiddenIsAnswer) {
    emitSessionEvent('forbidden');
  }
}

/** Answers that are files of bytes (a spreadsheet): read as text, they would be garbled. */
const BINARY_TYPES = ['application/vnd.openxmlformats-officedocument.', 'application/octet-stream'];

async function readBody(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  // A file arrives as a Blob, whatever type the spec gives its bytes.
  if (BINARY_TYPES.some((type) => contentType.startsWith(type))) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  return contentType.includes('json') ? JSON.parse(text) : text;
}

export async function apiFetch<T>(url: string, apiInit: ApiRequestInit): Promise<T> {
  const { forbiddenIsAnswer = false, ...init } = apiInit;
  const headers = new Headers(init.headers);
  const sentGeneration = sessionGeneration();
  const csrf = csrfToken();
  const reads = READ_METHODS.has((init.method ?? 'GET').toUpperCase());
  // The double-submit pattern: only a page of this site can read the cookie to echo it.
  if (csrf && !reads) headers.set(CSRF_HEADER, csrf);
  if (!headers.has('Accept')) headers.set('Accept', API_ACCEPT);
  // The server answers in this language where it has prose of its own (the EULA, mails).
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', i18n.resolvedLanguage ?? i18n.language);

  const response = await ((reads ? takeEarlyRead(url) : undefined) ?? fetch(url, { ...init, headers }));
  if (!response.ok) {
    const error = await toApiError(response);
    reportSessionProblems(error, sentGeneration, forbiddenIsAnswer);
    throw error;
  }
  return (await readBody(response)) as T;
}
