import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { EmailRequest } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

const SENT_NOTICE =
  'If an account exists for that address, we have sent a link to choose a new password. It works for one hour.';

async function openForgotPassword() {
  const view = renderApp('/reset-password');
  await screen.findByRole('heading', { level: 1, name: 'Reset password' });
  return { ...view, user: userEvent.setup() };
}

/** Answers the forgot-password call with `answer` and records what was sent. */
function answerForgot(answer: () => Response = () => new HttpResponse(null, { status: 202 })) {
  const sent: EmailRequest[] = [];
  apiServer.use(
    http.post('/api/v1/auth/password/forgot', async ({ request }) => {
      sent.push((await request.json()) as EmailRequest);
      return answer();
    }),
  );
  return sent;
}

describe('the forgot-password page', () => {
  it.each([
    ['', 'Enter your e-mail address.'],
    ['not-an-address', 'enter valid email'],
  ])('checks the address %j before sending: %s', async (email, message) => {
    const sent = answerForgot();
    const { user } = await openForgotPassword();
    if (email) await user.type(screen.getByLabelText('E-mail'), email);
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  // The server answers 202 whether or not the address has an account; so does the page.
  it.each(['rohan.das@meridian-bank.example', 'nobody@nowhere.example'])(
    'says the same for %s and returns to /login',
    async (email) => {
      const sent = answerForgot();
      const { user, router } = await openForgotPassword();
      await user.type(screen.getByLabelText('E-mail'), `  ${email.toUpperCase()} `);
      await user.click(screen.getByRole('button', { name: 'Send link' }));

      expect(await screen.findByText(SENT_NOTICE)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(sent).toEqual([{ email }]);
    },
  );

  it('says when to try again after too many links', async () => {
    answerForgot(() => problem(429, 'RATE_LIMITED', { retry_after_seconds: 840 }));
    const { user, router } = await openForgotPassword();
    await user.type(screen.getByLabelText('E-mail'), 'rohan.das@meridian-bank.example');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByText('Too many attempts. Try again in 14 min.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it("puts the server's field error on the field", async () => {
    answerForgot(() =>
      problem(422, 'VALIDATION_FAILED', { errors: [{ field: 'email', code: 'INVALID_EMAIL' }] }),
    );
    const { user } = await openForgotPassword();
    await user.type(screen.getByLabelText('E-mail'), 'a@b.example');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
  });

  it('Cancel goes back to /login', async () => {
    const { user, router } = await openForgotPassword();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
