import { http, HttpResponse } from 'msw';
import { getMe } from '@/api/gen/account/account';
import type { Me } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { TEST_USER } from '@/testing/render-app';
import { dropEarlyReads, startEarlyReads } from './early-reads';
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
    startEarlyReads();

    expect((await getMe()).name).toBe('Asha Rao');
    expect(asked.count).toBe(1);
    // Taken once: the next read asks the server again.
    await getMe();
    expect(asked.count).toBe(2);
  });

  it('are dropped when a session starts or ends first, as they describe the one before', async () => {
    const asked = countedMe('Asha Rao');
    startEarlyReads();
    startSession(TEST_USER);
    await getMe();
    expect(asked.count).toBe(2);

    startEarlyReads();
    endSession();
    await getMe();
    expect(asked.count).toBe(4);
  });
});
