import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { useCompanyLogo } from './company-logo';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useCompanyLogo', () => {
  it('shows nothing for a company without a logo (204, no error)', async () => {
    apiServer.use(http.get('/api/v1/companies/c1/logo', () => new HttpResponse(null, { status: 204 })));
    const { result } = renderHook(() => useCompanyLogo('c1'), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });
});
