// The game's OAuth 2.0 sign-in (authorization code with PKCE, RFC 6749, 7636 and 8252): the check
// of the request a game opened the browser with, and the signed-in trainee's answer to it.
// Until the generated client has GET and POST /api/v1/oauth/authorization (issue 14), thin typed
// calls through the API client's fetch mutator stand in: switch to the generated functions then,
// keeping `forbiddenIsAnswer` on the POST (pass it as the request options).
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiRequestInit } from '@/lib/api-client';

const AUTHORIZATION_URL = '/api/v1/oauth/authorization';

/** What the server makes of a game's request: the game's name and what it asks for. */
export interface AuthorizationRequest {
  app_name: string;
  client_id: string;
  redirect_uri: string;
  /** Granted by the trainee's Allow: `play`, `reports`. */
  scopes: string[];
}

/** The trainee's answer, with the request's parameters as the game sent them. */
export interface AuthorizationDecision {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  code_challenge: string;
  code_challenge_method: string;
  scope?: string;
  state?: string;
  approve: boolean;
}

/** The game's address with `code` (or `error=access_denied`) and `state`. */
export interface AuthorizationRedirect {
  redirect_to: string;
}

/** Needs no sign-in: the query of /oauth/authorize, passed on as it came. */
export function checkAuthorization(
  params: URLSearchParams,
  options?: RequestInit,
): Promise<AuthorizationRequest> {
  const query = params.toString();
  return apiFetch<AuthorizationRequest>(query === '' ? AUTHORIZATION_URL : `${AUTHORIZATION_URL}?${query}`, {
    ...options,
    method: 'GET',
  });
}

export function decideAuthorization(
  decision: AuthorizationDecision,
  options?: RequestInit,
): Promise<AuthorizationRedirect> {
  const headers = new Headers(options?.headers);
  headers.set('Content-Type', 'application/json');
  const init: ApiRequestInit = {
    ...options,
    method: 'POST',
    headers,
    body: JSON.stringify(decision),
    // FORBIDDEN here means "not a trainee", which the consent page says itself.
    forbiddenIsAnswer: true,
  };
  return apiFetch<AuthorizationRedirect>(AUTHORIZATION_URL, init);
}

/** Asked once per request the page opens with; a failure is an answer, never retried. */
export function useAuthorizationCheck(params: URLSearchParams) {
  const query = params.toString();
  return useQuery({
    queryKey: ['oauth-authorization', query],
    queryFn: () => checkAuthorization(new URLSearchParams(query)),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useAuthorizationDecision() {
  return useMutation({
    mutationKey: ['oauth-authorization-decision'],
    mutationFn: (decision: AuthorizationDecision) => decideAuthorization(decision),
  });
}
