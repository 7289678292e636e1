// Default answers of the fake server the component tests run against (MSW).
import { http, HttpResponse } from 'msw';
import type { Health } from '@/api/gen/playtrack.schemas';

export const TEST_SERVER_VERSION = '0.0.0-test';

export const apiHandlers = [
  http.get('/api/v1/healthz', () =>
    HttpResponse.json<Health>({ status: 'ok', version: TEST_SERVER_VERSION }),
  ),
];
