import { http, HttpResponse } from 'msw';
import type { Problem } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { ApiError, apiFetch, UNEXPECTED_RESPONSE } from './api-client';
import { setAccessToken } from './session';

const URL = '/api/v1/things';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiFetch', () => {
  it('turns a problem+json answer into an ApiError carrying its code', async () => {
    apiServer.use(
      http.get(URL, () =>
        HttpResponse.json<Problem>(
          {
            type: 'urn:playtrack:problem:RATE_LIMITED',
            title: 'Too Many Requests',
            status: 429,
            detail: 'Try again in 60 seconds.',
            code: 'RATE_LIMITED',
            request_id: 'req-42',
          },
          { status: 429, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );

    const error = await failureOf(apiFetch(URL, { method: 'GET' }));

    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      title: 'Too Many Requests',
      detail: 'Try again in 60 seconds.',
      requestId: 'req-42',
    });
  });

  it('reports an answer that is not problem+json as UNEXPECTED_RESPONSE', async () => {
    apiServer.use(
      http.get(URL, () => new HttpResponse('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway' })),
    );

    const error = await failureOf(apiFetch(URL, { method: 'GET' }));

    expect(error).toMatchObject({ status: 502, code: UNEXPECTED_RESPONSE });
  });

  it('sends the stored access token as a bearer token', async () => {
    let authorization: string | null = null;
    apiServer.use(
      http.get(URL, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    setAccessToken('token-123');

    await expect(apiFetch(URL, { method: 'GET' })).resolves.toEqual({ ok: true });
    expect(authorization).toBe('Bearer token-123');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    let hadAuthorization = true;
    apiServer.use(
      http.get(URL, ({ request }) => {
        hadAuthorization = request.headers.has('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await expect(apiFetch(URL, { method: 'GET' })).resolves.toBeUndefined();
    expect(hadAuthorization).toBe(false);
  });
});
