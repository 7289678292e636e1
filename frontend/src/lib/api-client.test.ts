import { http, HttpResponse } from 'msw';
import type { Problem } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { ApiError, apiFetch, type ApiRequestInit, UNEXPECTED_RESPONSE } from './api-client';
import { chooseLanguage } from './i18n';
import { learnSession, type SessionUser } from './session';
import { onSessionEvent, type SessionEvent } from './session-events';

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

  it('hands a spreadsheet over as its bytes, and CSV as text', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x9c]);
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    apiServer.use(
      http.get(`${URL}.xlsx`, () => new HttpResponse(bytes, { headers: { 'Content-Type': xlsx } })),
      http.get(`${URL}.csv`, () => new HttpResponse('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })),
    );

    const workbook = await apiFetch<Blob>(`${URL}.xlsx`, { method: 'GET' });

    expect(new Uint8Array(await workbook.arrayBuffer())).toEqual(bytes);
    expect(await apiFetch(`${URL}.csv`, { method: 'GET' })).toBe('a,b\n1,2\n');
  });

  it('echoes the CSRF cookie in X-CSRF-Token on every write, never on a read, and sends no token', async () => {
    document.cookie = 'playtrack_csrf=csrf-123; path=/';
    const seen: Record<string, string | null> = {};
    let authorization = false;
    const record = ({ request }: { request: Request }) => {
      seen[request.method] = request.headers.get('X-CSRF-Token');
      authorization ||= request.headers.has('Authorization');
      return new HttpResponse(null, { status: 204 });
    };
    apiServer.use(http.all(URL, record));

    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      await apiFetch(URL, { method });
    }

    expect(seen).toEqual({
      GET: null,
      HEAD: null,
      POST: 'csrf-123',
      PUT: 'csrf-123',
      PATCH: 'csrf-123',
      DELETE: 'csrf-123',
    });
    expect(authorization).toBe(false);
  });

  it('sends no CSRF header when the browser holds no session', async () => {
    let hadHeader = true;
    apiServer.use(
      http.post(URL, ({ request }) => {
        hadHeader = request.headers.has('X-CSRF-Token');
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await expect(apiFetch(URL, { method: 'POST' })).resolves.toBeUndefined();
    expect(hadHeader).toBe(false);
  });
});

describe('the language of every call', () => {
  it('is sent as Accept-Language, following the chosen language', async () => {
    const languages: (string | null)[] = [];
    apiServer.use(
      http.get(URL, ({ request }) => {
        languages.push(request.headers.get('Accept-Language'));
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await apiFetch(URL, { method: 'GET' });
    await chooseLanguage('ar');
    await apiFetch(URL, { method: 'GET' });

    expect(languages).toEqual(['en', 'ar']);
  });
});

describe('the details a problem carries', () => {
  it('keeps field errors, tries left, and when to retry (body first, then Retry-After)', async () => {
    apiServer.use(
      http.post(URL, () =>
        HttpResponse.json<Problem>(
          {
            type: 'urn:playtrack:problem:PASSWORD_POLICY',
            title: 'Unprocessable',
            status: 422,
            code: 'PASSWORD_POLICY',
            errors: [{ field: 'password', code: 'UPPERCASE' }],
            remaining_attempts: 2,
          },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
      http.get(URL, () =>
        HttpResponse.json(
          { type: 'x', title: 'Too Many Requests', status: 429, code: 'RATE_LIMITED' },
          { status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '90' } },
        ),
      ),
    );

    const policy = await failureOf(apiFetch(URL, { method: 'POST' }));
    expect(policy.fieldErrors).toEqual([{ field: 'password', code: 'UPPERCASE' }]);
    expect(policy.remainingAttempts).toBe(2);

    const limited = await failureOf(apiFetch(URL, { method: 'GET' }));
    expect(limited.retryAfterSeconds).toBe(90);
  });

  it("keeps an OAUTH_REQUEST's address back to the game", async () => {
    apiServer.use(
      http.get(URL, () =>
        HttpResponse.json(
          {
            type: 'x',
            title: 'Bad Request',
            status: 400,
            code: 'OAUTH_REQUEST',
            redirect_to: 'com.example.game:/callback?error=invalid_request&state=s1',
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );

    const error = await failureOf(apiFetch(URL, { method: 'GET' }));
    expect(error.redirectTo).toBe('com.example.game:/callback?error=invalid_request&state=s1');
  });
});

describe('what the client reports about the session', () => {
  function recordEvents() {
    const events: SessionEvent[] = [];
    const stop = onSessionEvent((event) => events.push(event));
    onTestFinished(stop);
    return events;
  }

  const answer = (status: number, code: string) =>
    http.get(URL, () =>
      HttpResponse.json(
        { type: 'x', title: code, status, code },
        { status, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );

  const ASHA: SessionUser = { id: 'u-1', name: 'Asha Rao', email: 'asha@example.com', role: 'SUPER_ADMIN' };

  it('an authenticated call answering 401 means the session expired', async () => {
    const events = recordEvents();
    apiServer.use(answer(401, 'SESSION_EXPIRED'));
    learnSession(ASHA);
    await failureOf(apiFetch(URL, { method: 'GET' }));
    expect(events).toEqual(['expired']);
  });

  it('a 401 without a session (wrong password, expired challenge) is only an answer', async () => {
    const events = recordEvents();
    apiServer.use(answer(401, 'INVALID_CREDENTIALS'));
    await failureOf(apiFetch(URL, { method: 'GET' }));
    learnSession(ASHA);
    apiServer.use(answer(401, 'CHALLENGE_EXPIRED'));
    await failureOf(apiFetch(URL, { method: 'GET' }));
    expect(events).toEqual([]);
  });

  it('a late 401 to a call made before the session changed signs the new one not out', async () => {
    const events = recordEvents();
    let answerNow: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answerNow = resolve;
    });
    apiServer.use(
      http.get(URL, async () => {
        await held;
        return HttpResponse.json(
          { type: 'x', title: 'UNAUTHENTICATED', status: 401, code: 'UNAUTHENTICATED' },
          { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }),
    );
    learnSession(ASHA);
    const late = failureOf(apiFetch(URL, { method: 'GET' }));

    // Meanwhile another tab signed in again, and this one learnt of the new session.
    learnSession({ ...ASHA, id: 'u-2' });
    answerNow();
    await late;

    expect(events).toEqual([]);
  });

  it('a 401 to the check at start, when the tab knows of no session, is only an answer', async () => {
    const events = recordEvents();
    apiServer.use(answer(401, 'UNAUTHENTICATED'));
    await failureOf(apiFetch(URL, { method: 'GET' }));
    expect(events).toEqual([]);
  });

  it('403 FORBIDDEN means the role may not; other 403s are answers', async () => {
    const events = recordEvents();
    apiServer.use(answer(403, 'FORBIDDEN'));
    await failureOf(apiFetch(URL, { method: 'GET' }));
    apiServer.use(answer(403, 'ACCOUNT_DISABLED'));
    await failureOf(apiFetch(URL, { method: 'GET' }));
    expect(events).toEqual(['forbidden']);
  });

  it('a 403 FORBIDDEN the caller shows itself is only an answer', async () => {
    const events = recordEvents();
    apiServer.use(answer(403, 'FORBIDDEN'));
    const init: ApiRequestInit = { method: 'GET', forbiddenIsAnswer: true };
    const error = await failureOf(apiFetch(URL, init));
    expect(error.code).toBe('FORBIDDEN');
    expect(events).toEqual([]);
  });
});
