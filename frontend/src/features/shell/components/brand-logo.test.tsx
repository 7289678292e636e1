import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Me } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const TRAINEE = { ...TEST_USER, role: 'USER' as const };
/** The smallest PNG there is: one transparent pixel. */
const PIXEL = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

function companyWithLogo(logo: Uint8Array | null) {
  const asked: string[] = [];
  apiServer.use(
    http.get('/api/v1/me', () => HttpResponse.json<Me>({ ...TRAINEE, company_id: 'c1' })),
    http.get('/api/v1/companies/:id/logo', ({ params }) => {
      asked.push(String(params.id));
      return logo
        ? new HttpResponse(logo, { headers: { 'Content-Type': 'image/png' } })
        : new HttpResponse(null, { status: 204 });
    }),
  );
  return asked;
}

const providerMark = () => screen.getByRole('banner').querySelector('img[src="/favicon.svg"]');

describe('the header', () => {
  it("shows a trainee their company's logo", async () => {
    companyWithLogo(PIXEL);
    renderApp('/dashboard/crm', { user: TRAINEE });
    const logo = await screen.findByRole('img', { name: "Your company's logo" });
    expect(logo.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(providerMark()).toBeNull();
  });

  it("shows the provider's mark while the company has no logo", async () => {
    const asked = companyWithLogo(null);
    renderApp('/dashboard/crm', { user: TRAINEE });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await vi.waitFor(() => expect(asked).toEqual(['c1']));
    expect(screen.queryByRole('img', { name: "Your company's logo" })).not.toBeInTheDocument();
    expect(providerMark()).not.toBeNull();
  });

  it('asks for no company logo for the super admin', async () => {
    const asked = companyWithLogo(PIXEL);
    renderApp('/dashboard/crm', { user: TEST_USER });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(providerMark()).not.toBeNull();
    expect(asked).toEqual([]);
  });

  it("shows the person's photo as their avatar, and their initials without one", async () => {
    apiServer.use(http.get('/api/v1/me/photo', () => new HttpResponse(PIXEL, { headers: { 'Content-Type': 'image/png' } })));
    const { unmount } = renderApp('/dashboard/crm', { user: TEST_USER });
    const button = await screen.findByRole('button', { name: /Asha Rao/ });
    await vi.waitFor(() => expect(button.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    unmount();

    apiServer.resetHandlers();
    renderApp('/dashboard/crm', { user: TEST_USER });
    const again = await screen.findByRole('button', { name: /Asha Rao/ });
    expect(again).toHaveTextContent('AR');
    expect(again.querySelector('img')).toBeNull();
  });
});
