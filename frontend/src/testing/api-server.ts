// The MSW server intercepting fetch in tests; a test may add handlers with `apiServer.use(...)`.
import { setupServer } from 'msw/node';
import { apiHandlers } from './api-handlers';

export const apiServer = setupServer(...apiHandlers);
