import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, endOfDay } from 'date-fns';
import { http, HttpResponse } from 'msw';
import type { Batch, EnrolmentKey, EnrolmentKeyInput, IssuedEnrolmentKey } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';
import { COMPANY_ADMIN, MERIDIAN } from '../testing/fixtures';

// The app's query client, to look into what it keeps.
const clients = vi.hoisted(() => [] as QueryClient[]);
vi.mock('@/lib/query-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/query-client')>();
  return {
    createQueryClient: () => {
      const client = original.createQueryClient();
      clients.push(client);
      return client;
    },
  };
});

const JUNE: Batch = { id: '40000000-0000-4000-8000-000000000001', company_id: MERIDIAN.id, name: 'June intake', active: true, starts_on: '2025-06-01', ends_on: null };
const IN_A_WEEK = addDays(new Date(), 7).toISOString();

const OPEN: EnrolmentKey = {
  id: '60000000-0000-4000-8000-000000000001',
  batch_id: JUNE.id,
  max_uses: 30,
  uses: 3,
  domains: [],
  expires_at: IN_A_WEEK,
  revoked_at: null,
  created_at: '2025-06-01T09:00:00Z',
};
const USED_UP: EnrolmentKey = { ...OPEN, id: '60000000-0000-4000-8000-000000000002', max_uses: 5, uses: 5, domains: ['meridian-bank.example'] };
const EXPIRED: EnrolmentKey = { ...OPEN, id: '60000000-0000-4000-8000-000000000003', uses: 4, expires_at: '2025-06-30T21:59:59Z' };
const REVOKED: EnrolmentKey = { ...OPEN, id: '60000000-0000-4000-8000-000000000004', uses: 6, revoked_at: '2025-06-10T08:00:00Z' };
const EMPTY_PAGE = { items: [], total: 0, page: 1, per_page: 25 };
const LINK = 'https://portal.example/signup?key=TheKeyOnlyThisAnswerEverCarries0123';

/** A fake server holding `initial`, which adds what is made and revokes what is revoked. */
function answerKeys(initial: EnrolmentKey[] = []) {
  let stored = [...initial];
  const sent: EnrolmentKeyInput[] = [];
  const revoked: string[] = [];
  apiServer.use(
    http.get('/api/v1/batches/:id', () => HttpResponse.json(JUNE)),
    http.get('/api/v1/batches/:id/members', () => HttpResponse.json(EMPTY_PAGE)),
    http.get('/api/v1/users', () => HttpResponse.json(EMPTY_PAGE)),
    http.get('/api/v1/batches/:id/enrolment-keys', () => HttpResponse.json(stored)),
    http.post('/api/v1/batches/:id/enrolment-keys', async ({ request }) => {
      const input = (await request.json()) as EnrolmentKeyInput;
      sent.push(input);
      const key: EnrolmentKey = {
        ...OPEN,
        id: '60000000-0000-4000-8000-000000000009',
        max_uses: input.max_uses,
        uses: 0,
        domains: input.domains ?? [],
        expires_at: input.expires_at,
      };
      stored = [key, ...stored];
      return HttpResponse.json<IssuedEnrolmentKey>({ key, link: LINK }, { status: 201 });
    }),
    http.post('/api/v1/enrolment-keys/:id/revoke', ({ params }) => {
      revoked.push(String(params.id));
      stored = stored.map((key) => (key.id === params.id ? { ...key, revoked_at: new Date().toISOString() } : key));
      return HttpResponse.json(stored.find(({ id }) => id === params.id));
    }),
  );
  return { sent, revoked };
}

async function openSection() {
  renderApp(`/companyadmin/batch/edit?id=${JUNE.id}`, { user: COMPANY_ADMIN });
  const heading = await screen.findByRole('heading', { level: 2, name: 'Sign-up links' });
  const section = heading.closest('section');
  if (!(section instanceof HTMLElement)) throw new Error('the sign-up links are not a section');
  return { section, user: userEvent.setup() };
}

async function openForm() {
  const { section, user } = await openSection();
  await user.click(within(section).getByRole('button', { name: 'New sign-up link' }));
  const dialog = await screen.findByRole('dialog', { name: 'New sign-up link for June intake' });
  return { section, user, dialog };
}

/** Everything the app's query client keeps: every query's and every mutation's state. */
function cached(): string {
  const client = clients.at(-1);
  if (!client) throw new Error('no query client was created');
  return JSON.stringify([
    client.getQueryCache().getAll().map(({ queryKey, state }) => ({ queryKey, state })),
    client.getMutationCache().getAll().map(({ state }) => state),
  ]);
}

describe("a batch's sign-up links", () => {
  it('lists each link with its uses, domains and status, and Revoke only on open ones', async () => {
    answerKeys([OPEN, USED_UP, EXPIRED, REVOKED]);
    const { section } = await openSection();
    const open = await within(section).findByRole('row', { name: /3 \/ 30/ });
    expect(open).toHaveTextContent('Any address');
    expect(open).toHaveTextContent('Open');
    expect(within(open).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();

    const usedUp = within(section).getByRole('row', { name: /5 \/ 5/ });
    expect(usedUp).toHaveTextContent('meridian-bank.example');
    expect(usedUp).toHaveTextContent('Used up');
    expect(within(section).getByRole('row', { name: /4 \/ 30/ })).toHaveTextContent('Expired');
    expect(within(section).getByRole('row', { name: /6 \/ 30/ })).toHaveTextContent('Revoked');
    for (const closed of [/5 \/ 5/, /4 \/ 30/, /6 \/ 30/]) {
      expect(within(within(section).getByRole('row', { name: closed })).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('makes a link and shows it once, then lists it without it', async () => {
    const { sent } = answerKeys();
    const { section, user, dialog } = await openForm();
    const uses = within(dialog).getByRole('spinbutton', { name: /How many people/ });
    expect(uses).toHaveValue(30);
    await user.clear(uses);
    await user.type(uses, '5');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Allowed e-mail domains' }),
      'Meridian-Bank.example, @meridian.example meridian-bank.example',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const field = await within(dialog).findByRole('textbox', { name: 'Sign-up link' });
    expect(field).toHaveValue(LINK);
    expect(sent).toEqual([
      {
        max_uses: 5,
        expires_at: endOfDay(addDays(new Date(), 30)).toISOString(),
        domains: ['meridian-bank.example', 'meridian.example'],
      },
    ]);
    expect(dialog).toHaveTextContent(
      'This link is shown only now: copy it and give it to the people who should join. Anyone with it can join June intake until it expires, is used up or is revoked.',
    );
    // The answer's link is the dialog's alone: no query nor mutation keeps it.
    expect(cached()).not.toContain(LINK);

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK);

    // Escape does not close it by mistake.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'New sign-up link for June intake' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const row = await within(section).findByRole('row', { name: /0 \/ 5/ });
    expect(row).toHaveTextContent('meridian.example');
    expect(row).toHaveTextContent('Open');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain('TheKeyOnlyThisAnswerEverCarries');
  });

  it('checks the fields before sending anything', async () => {
    const { sent } = answerKeys();
    const { user, dialog } = await openForm();
    const uses = within(dialog).getByRole('spinbutton', { name: /How many people/ });
    await user.clear(uses);
    await user.type(uses, '0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Allowed e-mail domains' }), 'meridian, bank');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 10,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter domains such as example.com, separated by commas or spaces')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("puts the server's field problems on their fields", async () => {
    answerKeys();
    apiServer.use(
      http.post('/api/v1/batches/:id/enrolment-keys', () =>
        problem(422, 'VALIDATION_FAILED', {
          errors: [
            { field: 'max_uses', code: 'OUT_OF_RANGE' },
            { field: 'domains.1', code: 'DUPLICATE' },
          ],
        }),
      ),
    );
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole('textbox', { name: 'Allowed e-mail domains' }), 'a.example b.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This number is out of range.')).toBeInTheDocument();
    expect(within(dialog).getByText('This appears more than once.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Sign-up link' })).not.toBeInTheDocument();
  });

  it('revokes an open link after asking, which then shows Revoked', async () => {
    const { revoked } = answerKeys([OPEN]);
    const { section, user } = await openSection();
    await user.click(within(await within(section).findByRole('row', { name: /3 \/ 30/ })).getByRole('button', { name: 'Revoke' }));

    const dialog = await screen.findByRole('dialog', { name: 'Revoke this sign-up link?' });
    expect(dialog).toHaveTextContent('Nobody can join June intake through it any more.');
    expect(revoked).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('The sign-up link was revoked.')).toBeInTheDocument();
    expect(revoked).toEqual([OPEN.id]);
    await waitFor(() => expect(within(section).getByRole('row', { name: /3 \/ 30/ })).toHaveTextContent('Revoked'));
    expect(within(section).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });
});
