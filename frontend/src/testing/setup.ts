// Runs before every test file: DOM matchers, the fake API, and a clean browser state per test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { apiServer } from './api-server';

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
});

afterAll(() => apiServer.close());
