// The game's OAuth 2.0 sign-in calls this feature makes (authorization code with PKCE, RFC 6749,
// 7636 and 8252), from the generated client: the check of the request a game opened the browser
// with, and the signed-in trainee's answer to it. Its screens reach the server only through here.
import {
  useAuthorizeGame,
  useCheckAuthorization,
} from '@/api/gen/game-sign-in/game-sign-in';
import type { AuthorizationQuery, CheckAuthorizationParams } from '@/api/gen/playtrack.schemas';
import type { ApiRequestInit } from '@/lib/api-client';

/**
 * The request as the game sent it to /oauth/authorize. A required parameter it left out is sent
 * empty, so the server names the problem (`OAUTH_CLIENT`, `OAUTH_REDIRECT_URI`, or back to the
 * game with `OAUTH_REQUEST`) instead of failing to read the request.
 */
export function authorizationQueryOf(search: URLSearchParams): AuthorizationQuery & CheckAuthorizationParams {
  const scope = search.get('scope');
  const state = search.get('state');
  return {
    response_type: search.get('response_type') ?? '',
    client_id: search.get('client_id') ?? '',
    redirect_uri: search.get('redirect_uri') ?? '',
    code_challenge: search.get('code_challenge') ?? '',
    code_challenge_method: search.get('code_challenge_method') ?? '',
    ...(scope !== null && { scope }),
    ...(state !== null && { state }),
  };
}

/** Asked once per request the page opens with (no sign-in needed); a failure is an answer,
 * never retried. */
export function useAuthorizationCheck(query: CheckAuthorizationParams) {
  return useCheckAuthorization(query, {
    query: { retry: false, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false },
  });
}

/** FORBIDDEN here means "not a trainee", which the consent page says itself rather than
 * opening the access-denied page. */
const FORBIDDEN_IS_ANSWER: ApiRequestInit = { forbiddenIsAnswer: true };

export function useAuthorizationDecision() {
  return useAuthorizeGame({ request: FORBIDDEN_IS_ANSWER });
}
