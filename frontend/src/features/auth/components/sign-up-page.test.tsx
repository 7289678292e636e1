import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SignUpLink, SignUpRequest } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

const JUNE: SignUpLink = {
  company: 'Meridian Bank',
  batch: 'June intake',
  domains: ['meridian-bank.example', 'meridian.example'],
};

function answerLink(answer: () => Response = () => HttpResponse.json(JUNE)) {
  const keys: (string | null)[] = [];
  apiServer.use(
    http.get('/api/v1/signup/link', ({ request }) => {
      keys.push(new URL(request.url).searchParams.get('key'));
      return answer();
    }),
  );
  return keys;
}

function answerSignUp(answer: () => Response = () => new HttpResponse(null, { status: 202 })) {
  const sent: SignUpRequest[] = [];
  apiServer.use(
    http.post('/api/v1/signup', async ({ request }) => {
      sent.push((await request.json()) as SignUpRequest);
      return answer();
    }),
  );
  return sent;
}

async function openLink() {
  const keys = answerLink();
  renderApp('/signup?key=k3y-June');
  expect(await screen.findByRole('heading', { level: 1, name: 'Join June intake at Meridian Bank' })).toBeInTheDocument();
  return { keys, user: userEvent.setup() };
}

async function signUp(user: ReturnType<typeof userEvent.setup>, name: string, email: string) {
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Work e-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('the sign-up page', () => {
  it("introduces the link's batch and the domains it accepts", async () => {
    const { keys } = await openLink();
    expect(keys).toEqual(['k3y-June']);
    expect(
      screen.getByText('Only addresses at meridian-bank.example or meridian.example can sign up here.'),
    ).toBeInTheDocument();
  });

  it("checks the fields with the seed's messages before sending anything", async () => {
    const sent = answerSignUp();
    const { user } = await openLink();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Please input your username!')).toBeInTheDocument();
    expect(screen.getByText('Please input your E-mail!')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Work e-mail'), 'farah@');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The email is invalid')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the sign-up and then says to check the inbox', async () => {
    const sent = answerSignUp();
    const { user } = await openLink();
    await signUp(user, ' Farah Siddiqui ', 'Farah.Siddiqui@Meridian-Bank.example');

    expect(
      await screen.findByText(
        'Check your inbox: we sent a link to farah.siddiqui@meridian-bank.example to confirm your address. It works for 24 hours.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { key: 'k3y-June', name: 'Farah Siddiqui', email: 'farah.siddiqui@meridian-bank.example' },
    ]);
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('puts an address of another domain on the e-mail field', async () => {
    answerSignUp(() => problem(422, 'VALIDATION_FAILED', { errors: [{ field: 'email', code: 'DOMAIN_NOT_ALLOWED' }] }));
    const { user } = await openLink();
    await signUp(user, 'Farah Siddiqui', 'farah@elsewhere.example');
    expect(await screen.findByText('Addresses of this domain are not accepted here.')).toBeInTheDocument();
    expect(screen.getByLabelText('Work e-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when to try again after too many sign-ups', async () => {
    answerSignUp(() => problem(429, 'RATE_LIMITED', { retry_after_seconds: 90 }));
    const { user } = await openLink();
    await signUp(user, 'Farah Siddiqui', 'farah@meridian-bank.example');
    expect(await screen.findByText('Too many attempts. Try again in 2 min.')).toBeInTheDocument();
  });

  it('says so when the link closes before the sign-up is sent', async () => {
    answerSignUp(() => problem(410, 'SIGN_UP_LINK_CLOSED'));
    const { user } = await openLink();
    await signUp(user, 'Farah Siddiqui', 'farah@meridian-bank.example');
    expect(
      await screen.findByText('This sign-up link is no longer valid. Ask your administrator for a new one.'),
    ).toBeInTheDocument();
  });

  it('says a closed link (410) is no longer valid and links to sign in', async () => {
    answerLink(() => problem(410, 'SIGN_UP_LINK_CLOSED'));
    renderApp('/signup?key=spent');
    expect(
      await screen.findByText('This sign-up link is no longer valid. Ask your administrator for a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('says a link without its key is incomplete', async () => {
    renderApp('/signup');
    expect(
      await screen.findByText('This sign-up link is incomplete. Open the whole link you were given.'),
    ).toBeInTheDocument();
  });
});
