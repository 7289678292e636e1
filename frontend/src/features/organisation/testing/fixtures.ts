// Records and fake-server answers the organisation tests share.
import { http, HttpResponse } from 'msw';
import type { Company, Country, Industry, Me } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { TEST_USER } from '@/testing/render-app';

export const INDIA: Country = { id: '10000000-0000-4000-8000-000000000001', name: 'India', iso_code: 'IN', active: true };
export const ITALY: Country = { id: '10000000-0000-4000-8000-000000000002', name: 'Italy', iso_code: 'IT', active: false };
export const BANKING: Industry = { id: '20000000-0000-4000-8000-000000000001', name: 'Banking', active: true };

export const MERIDIAN: Company = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'Meridian Bank',
  email: 'it@meridian-bank.example',
  contact_person: 'Priya Nair',
  industry_id: BANKING.id,
  country_id: INDIA.id,
  remark: 'Pilot',
  session_minutes: 15,
  active: true,
};

export const COMPANY_ADMIN = { ...TEST_USER, role: 'COMPANY_ADMIN' as const };

function page<T>(items: T[]) {
  return { items, total: items.length, page: 1, per_page: 25 };
}

/** Reference lists, no stored logos, and who the company admin is. */
export const referenceHandlers = [
  http.get('/api/v1/countries', () => HttpResponse.json(page([INDIA, ITALY]))),
  http.get('/api/v1/industries', () => HttpResponse.json(page([BANKING]))),
  http.get('/api/v1/companies/:id/logo', () => problem(404, 'NOT_FOUND')),
  http.get('/api/v1/me', () => HttpResponse.json<Me>({ ...COMPANY_ADMIN, company_id: MERIDIAN.id })),
];
