import { http, HttpResponse } from 'msw';
import { getDashboard, getDashboardInsight, getMe } from '@/api/gen/account/account';
import type { Me } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { TEST_USER } from '@/testing/render-app';
import { dropEarlyReads, ME_URL, startEarlyReads, takeEarlyAnswers } from './early-reads';
import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH } from './paths';
import { endSession, startSession } from './session';

/** Answers /me as `name`, counting the requests that reached the server. */
function countedMe(name: string) {
  const asked = { count: 0 };
  apiServer.use(
    http.get('/api/v1/me', () => {
      asked.count += 1;
      return HttpResponse.json<Me>({ ...TEST_USER, name, company_id: null });
    }),
  );
  return asked;
}

afterEach(dropEarlyReads);

describe('the early reads of a page load', () => {
  it('answer the app’s first read of the session without a second request', async () => {
    const asked = countedMe('Asha Rao');
    startEarlyReads(LOGIN_PATH);

    expect((await getMe()).name).toBe('Asha Rao');
    expect(asked.count).toBe(1);
    // Taken once: the next read asks the server again.
    await getMe();
    expect(asked.count).toBe(2);
  });

  it('are dropped when a session starts or ends first, as they describe the one before', async () => {
    const asked = countedMe('Asha Rao');
    startEarlyReads(LOGIN_PATH);
    startSession(TEST_USER);
    await getMe();
    expect(asked.count).toBe(2);

    startEarlyReads(LOGIN_PATH);
    endSession();
    await getMe();
    expect(asked.count).toBe(4);
  });

  it('on the dashboard also ask for its counts and insight, answered to the first screen once', async () => {
    const asked = countedMe('Asha Rao');
    let dashboards = 0;
    apiServer.use(
      http.get('/api/v1/dashboard', () => {
        dashboards += 1;
        return HttpResponse.json({ batches: 2 });
      }),
      http.get('/api/v1/dashboard/insight', () => HttpResponse.json({ title: 'Denied' }, { status: 403 })),
    );
    startEarlyReads(DEFAULT_SIGNED_IN_PATH);

    const answers = await takeEarlyAnswers();
    expect((answers.get(ME_URL) as Me).name).toBe('Asha Rao');
    expect(answers.get('/api/v1/dashboard')).toEqual({ batches: 2 });
    // A refusal is the API client's to report, as it reports its own.
    expect(answers.has('/api/v1/dashboard/insight')).toBe(false);
    await expect(getDashboardInsight()).rejects.toMatchObject({ status: 403 });
    // Taken: the app's next reads ask the server.
    await getDashboard();
    await getMe();
    expect(dashboards).toBe(2);
    expect(asked.count).toBe(2);
  });

  it('are not answered to the first screen when a session started meanwhile', async () => {
    countedMe('Asha Rao');
    startEarlyReads(DEFAULT_SIGNED_IN_PATH);
    const answers = takeEarlyAnswers();
    startSession(TEST_USER);
    expect((await answers).size).toBe(0);
  });
});
