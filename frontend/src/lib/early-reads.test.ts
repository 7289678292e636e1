import { http, HttpResponse } from 'msw';
import { getDashboard, getMe } from '@/api/gen/account/account';
import type { Dashboard, Me } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { TEST_USER } from '@/testing/render-app';
import { dropEarlyReads, earlyRole, startEarlyReads } from './early-reads';
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

  it('on the dashboard also ask for its counts, and name the role without taking /me from the app', async () => {
    const asked = countedMe('Asha Rao');
    let dashboards = 0;
    apiServer.use(
      http.get('/api/v1/dashboard', () => {
        dashboards += 1;
        return HttpResponse.json({} as Dashboard);
      }),
    );
    startEarlyReads(DEFAULT_SIGNED_IN_PATH);

    expect(await earlyRole()).toBe(TEST_USER.role);
    await getDashboard();
    expect(dashboards).toBe(1);
    expect((await getMe()).name).toBe('Asha Rao');
    expect(asked.count).toBe(1);
  });
});
