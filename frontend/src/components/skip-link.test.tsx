import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, TEST_USER } from '@/testing/render-app';

describe('the skip link', () => {
  it.each([
    ['a public page', '/signin', undefined],
    ['the signed-in shell', '/dashboard/crm', TEST_USER],
  ])('is the first stop of Tab on %s and moves the focus to the main content', async (_, url, user) => {
    renderApp(url, { user });
    await screen.findByRole('heading', { level: 1 });
    const keyboard = userEvent.setup();

    await keyboard.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await keyboard.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
