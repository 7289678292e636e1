import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';

async function choose(user: ReturnType<typeof userEvent.setup>, current: RegExp, language: string) {
  await user.click(screen.getByRole('button', { name: current }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: language }));
}

describe('the language switch', () => {
  it('turns the page right-to-left in Arabic and back', async () => {
    renderApp('/signin');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await choose(user, /^Language: English$/, 'العربية');

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');

    await choose(user, /^اللغة: /, 'English');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });

  it('offers all six languages, each in its own script', async () => {
    renderApp('/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Language: / }));
    const names = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['English', '中文', 'العربية', 'Italiano', 'Español', 'Français']);
  });

  it('is in the shell header too', async () => {
    renderApp('/dashboard/crm', {
      user: { id: '1', name: 'Asha Rao', email: 'asha@example.com', role: 'USER' },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await choose(user, /^Language: English$/, 'Français');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Compte de Asha Rao' }));
    expect(await screen.findByRole('link', { name: 'Déconnexion' })).toBeInTheDocument();
  });
});
