import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/render-app';

async function openSignIn() {
  renderApp('/signin');
  await screen.findByRole('heading', { name: 'Sign in' });
  return userEvent.setup();
}

describe('the sign-in form', () => {
  it("asks for both fields with the seed's messages", async () => {
    const user = await openSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('input email')).toBeInTheDocument();
    expect(screen.getByText('Please input your Password!')).toBeInTheDocument();
  });

  it('rejects an address that is not an e-mail', async () => {
    const user = await openSignIn();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('enter valid email')).toBeInTheDocument();
  });

  it('says honestly that signing in is not there yet', async () => {
    const user = await openSignIn();
    await user.type(screen.getByLabelText('E-mail'), '  Asha.Rao@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Sign-in arrives in the next release.')).toBeInTheDocument();
    expect(screen.queryByText('enter valid email')).not.toBeInTheDocument();
  });

  it('links to the password reset', async () => {
    await openSignIn();
    expect(screen.getByRole('link', { name: 'Forgot Password ?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('is the same page on /login', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
  });
});
