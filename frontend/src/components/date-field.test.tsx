import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import type { Language } from '@/locales/resources';
import { DateField, INVALID_DATE } from './date-field';
import { DateLocalization } from './date-localization';

function Harness({ initial = '', seen }: { initial?: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Starts on"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

async function renderIn(language: Language, initial?: string) {
  await i18n.changeLanguage(language);
  const seen: string[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <DateLocalization>
        <Harness initial={initial} seen={seen} />
      </DateLocalization>
    </I18nextProvider>,
  );
  return seen;
}

/** What the field shows, section by section, as the reader sees it. */
const shown = () =>
  screen
    .getAllByRole('spinbutton')
    .map((section) => section.textContent)
    .join(' ');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a date field', () => {
  it.each([
    ['en', 'DD MM YYYY', '25 11 2026'],
    ['fr', 'JJ MM AAAA', '25 11 2026'],
    ['it', 'GG MM AAAA', '25 11 2026'],
    ['es', 'DD MM AAAA', '25 11 2026'],
    ['zh', '年 月 日', '2026 11 25'],
  ] as const)('in %s asks for the day, month and year in the language’s order', async (language, empty, filled) => {
    await renderIn(language);
    expect(shown()).toBe(empty);
    await renderIn(language, '2026-11-25');
    expect(screen.getAllByRole('group')[1]).toBeDefined();
    expect(
      screen
        .getAllByRole('spinbutton')
        .slice(3)
        .map((section) => section.textContent)
        .join(' '),
    ).toBe(filled);
  });

  it('in Arabic names its parts in Arabic', async () => {
    await renderIn('ar');
    expect(shown()).toBe('يوم شهر سنة');
  });

  it('hands over what is typed in the reader’s order as the API writes it', async () => {
    const seen = await renderIn('fr');
    const user = userEvent.setup();
    await user.click(screen.getByRole('spinbutton', { name: 'Jour' }));
    await user.keyboard('25112026');
    expect(seen.at(-1)).toBe('2026-11-25');
  });

  it('holds a date outside 2000–2100 as invalid rather than none', async () => {
    const seen = await renderIn('en');
    const user = userEvent.setup();
    await user.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('05031999');
    expect(seen.at(-1)).toBe(INVALID_DATE);
    expect(shown()).toBe('05 03 1999');
    await user.keyboard('{Backspace}2024');
    expect(seen.at(-1)).toBe('2024-03-05');
  });
});
