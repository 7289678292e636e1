import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n';
import { renderApp, TEST_USER } from '@/testing/render-app';
import { loadThemeSettings } from '@/theme/theme-settings';

const ADMIN = { user: { ...TEST_USER, role: 'COMPANY_ADMIN' as const } };

async function openPanel() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Dashboard' });
  await user.click(screen.getByRole('button', { name: 'Appearance settings' }));
  const panel = await screen.findByRole('dialog', { name: 'Appearance' });
  return { user, panel };
}

/** Picks a choice and closes the panel (the page is hidden from assistive technology while it is open). */
async function choose(name: string) {
  const { user, panel } = await openPanel();
  await user.click(within(panel).getByRole('radio', { name }));
  await user.click(within(panel).getByRole('button', { name: 'Close' }));
  await waitForElementToBeRemoved(panel);
  return user;
}

function navigation() {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('the appearance panel', () => {
  it('offers each setting as a labelled group with the current choice checked', async () => {
    renderApp('/dashboard/crm', ADMIN);
    const { panel } = await openPanel();
    const group = (name: string) => within(panel).getByRole('radiogroup', { name });
    expect(within(group('Theme')).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Light',
      'Semi-dark',
      'Dark',
    ]);
    expect(within(group('Theme')).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(within(group('Colour theme')).getByRole('radio', { name: 'Dark blue' })).toBeChecked();
    expect(within(group('Colour theme')).getAllByRole('radio')).toHaveLength(6);
    expect(within(group('Navigation style')).getByRole('radio', { name: 'Vertical sidebar' })).toBeChecked();
    expect(within(group('Navigation style')).getAllByRole('radio')).toHaveLength(6);
    expect(within(group('Layout')).getByRole('radio', { name: 'Full width' })).toBeChecked();
  });

  it('applies a theme at once and keeps it for the next visit', async () => {
    renderApp('/dashboard/crm', ADMIN);
    const { user, panel } = await openPanel();

    await user.click(within(panel).getByRole('radio', { name: 'Dark' }));
    await user.click(within(panel).getByRole('radio', { name: 'Orange' }));
    await user.click(within(panel).getByRole('radio', { name: 'Framed' }));

    expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(18, 18, 18)');
    expect(within(panel).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(loadThemeSettings('')).toEqual({ themeType: 'dark', colourTheme: 'orange', navStyle: 'vertical', layoutType: 'framed' });
  });

  it('moves the links into the header for the horizontal style, groups as menus', async () => {
    renderApp('/dashboard/crm', { user: TEST_USER });
    const user = await choose('Horizontal menu');

    const bar = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main navigation' });
    expect(within(bar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(bar).getByRole('button', { name: 'Licence' }));
    const menu = await screen.findByRole('menu', { name: 'Licence' });
    expect(within(menu).getByRole('menuitem', { name: 'Summary' })).toHaveAttribute('href', '/main/licencesummary');
  });

  it('hides the sidebar in the drawer style until the menu button opens it', async () => {
    renderApp('/dashboard/crm', ADMIN);
    const user = await choose('Drawer from the menu button');

    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(within(navigation()).getAllByRole('link')).toHaveLength(11);
  });

  it('collapses the sidebar to named icons in the mini style, and expands it with the toggle', async () => {
    renderApp('/dashboard/crm', { user: TEST_USER });
    const user = await choose('Mini sidebar (icons only)');

    expect(within(navigation()).getByRole('link', { name: 'Company' })).toHaveAttribute('href', '/main/company');
    // A group opens its links beside the icon.
    await user.click(within(navigation()).getByRole('button', { name: 'Licence' }));
    const menu = await screen.findByRole('menu', { name: 'Licence' });
    expect(within(menu).getByRole('menuitem', { name: 'Details' })).toHaveAttribute('href', '/main/licencedetails');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Expand the navigation' }));
    await user.click(within(navigation()).getByRole('button', { name: 'Licence' }));
    expect(within(navigation()).getByRole('link', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse the navigation' })).toBeInTheDocument();
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderApp('/dashboard/crm', ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'إعدادات المظهر' }));
    const panel = await screen.findByRole('dialog', { name: 'المظهر' });
    expect(within(panel).getByRole('radiogroup', { name: 'نمط التنقل' })).toBeInTheDocument();
  });
});
