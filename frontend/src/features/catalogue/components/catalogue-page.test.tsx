import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { i18n } from '@/lib/i18n';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';
import { answerCatalogue, DELIVERY, FLOOR, MEET } from '../testing/fixtures';


async function openList(url = '/main/levelData') {
  const user = userEvent.setup();
  renderApp(url, { user: TEST_USER });
  expect(await screen.findByRole('heading', { level: 1, name: 'Level data' })).toBeInTheDocument();
  return user;
}

const levelsTable = () => screen.findByRole('table', { name: 'Chapters and their levels' });

describe('the level catalogue', () => {
  it('lists the chapters by number, each with its levels', async () => {
    answerCatalogue();
    await openList();
    const rows = within(await levelsTable()).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('No.Title'),
      expect.stringMatching(/^1First day on the floorLevels: 2/),
      expect.stringMatching(/^1\.1Meet the team1,200EasyLeadership 500 · Negotiation 700In play/),
      expect.stringMatching(/^1\.2The missing delivery80HardLeadership 80Retired/),
      expect.stringMatching(/^2Night shiftLevels: 0/),
    ]);
    const meet = rows[2];
    if (!meet) throw new Error('no row for level 1.1');
    expect(within(meet).getByRole('link', { name: 'Edit level' })).toHaveAttribute('href', `/main/levelData/edit?id=${MEET.id}`);
    expect(within(meet).getByRole('button', { name: 'Retire' })).toBeInTheDocument();
    expect(within(rows[3] ?? meet).getByRole('button', { name: 'Put back in play' })).toBeInTheDocument();
    expect(within(rows[1] ?? meet).getByRole('link', { name: 'Add a level to chapter 1' })).toHaveAttribute(
      'href',
      `/main/levelData/add?chapter=${FLOOR.id}`,
    );
  });

  it('lists the skills with how many levels train them, and the approaches', async () => {
    answerCatalogue();
    const user = await openList();
    await user.click(screen.getByRole('tab', { name: 'Skills' }));
    const skills = await screen.findByRole('table', { name: 'Skills' });
    expect(within(skills).getByRole('row', { name: /Negotiation/ })).toHaveTextContent(/NegotiationNegotiationAR FR1/);
    expect(within(skills).getByRole('row', { name: /Leadership/ })).toHaveTextContent(/LeadershipLeadership—2/);

    await user.click(screen.getByRole('tab', { name: 'Approaches' }));
    const approaches = await screen.findByRole('table', { name: 'Approaches' });
    expect(within(approaches).getByRole('row', { name: /Collaborative/ })).toHaveTextContent('ZH');
    expect(screen.getByRole('button', { name: 'Add approach' })).toBeInTheDocument();
  });

  it('shows titles in the reader’s language, and English where there is no translation', async () => {
    answerCatalogue();
    await i18n.changeLanguage('ar');
    renderApp('/main/levelData', { user: TEST_USER });
    const table = await screen.findByRole('table', { name: 'الفصول ومستوياتها' });
    expect(within(table).getByText('اليوم الأول في الميدان')).toBeInTheDocument();
    expect(within(table).getByText('تعرّف على الفريق')).toBeInTheDocument();
    expect(within(table).getByText('The missing delivery')).toHaveAttribute('dir', 'auto');
    expect(within(table).getByText('التفاوض 700 · Leadership 500')).toBeInTheDocument();
    expect(within(table).getByText('صعب')).toBeInTheDocument();
  });

  it('is what the sidebar’s Level data opens, in place of "Coming soon"', async () => {
    answerCatalogue();
    await openList();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Level data' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });
});

describe('chapters', () => {
  it('checks a new chapter, then adds it and shows it', async () => {
    const { sent } = answerCatalogue();
    const user = await openList();
    await levelsTable();
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a chapter' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Chapter number/ }), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a whole number from 1 to 999')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the English text')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const number = within(dialog).getByRole('textbox', { name: /^Chapter number/ });
    await user.clear(number);
    await user.type(number, '3');
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), '  Closing time ');
    await user.click(within(dialog).getByRole('button', { name: /Translations/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Italiano' }), 'Chiusura');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Chapter 3 has been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', path: '/api/v1/chapters', body: { number: 3, title: { en: 'Closing time', it: 'Chiusura' } } },
    ]);
    expect(await within(await levelsTable()).findByRole('row', { name: /Closing time/ })).toHaveTextContent('Levels: 0');
  });

  it("puts the server's field problems on their fields, a translation's opening the translations", async () => {
    answerCatalogue();
    apiServer.use(
      http.post('/api/v1/chapters', () =>
        problem(422, 'VALIDATION_FAILED', {
          errors: [
            { field: 'number', code: 'TAKEN' },
            { field: 'title.fr', code: 'TOO_LONG' },
          ],
        }),
      ),
    );
    const user = await openList();
    await levelsTable();
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a chapter' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Chapter number/ }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This is already in use.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Français' })).toBeVisible();
    expect(within(dialog).getByText('This is too long.')).toBeInTheDocument();
  });
});

describe('skills and approaches', () => {
  it('adds a skill with its translations', async () => {
    const { sent } = answerCatalogue();
    const user = await openList('/main/levelData?tab=skills');
    await screen.findByRole('table', { name: 'Skills' });
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a skill' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Empathy');
    await user.click(within(dialog).getByRole('button', { name: /Translations/ }));
    await user.type(within(dialog).getByRole('textbox', { name: '中文' }), '同理心');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The skill Empathy has been saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/api/v1/skills', body: { name: { en: 'Empathy', zh: '同理心' } } }]);
    expect(await screen.findByRole('row', { name: /Empathy/ })).toHaveTextContent('ZH');
  });

  it('says a skill levels train cannot be deleted', async () => {
    answerCatalogue();
    apiServer.use(http.delete('/api/v1/skills/:id', () => problem(409, 'IN_USE')));
    const user = await openList('/main/levelData?tab=skills');
    const row = within(await screen.findByRole('table', { name: 'Skills' })).getByRole('row', { name: /Leadership/ });
    await user.click(within(row).getByRole('button', { name: 'Delete skill' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Leadership?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText(/Levels train this skill or plays have scored it/)).toBeInTheDocument();
  });
});

describe('deleting and retiring', () => {
  it('says why a played level cannot be deleted and offers to retire it instead', async () => {
    const { sent } = answerCatalogue();
    apiServer.use(http.delete('/api/v1/levels/:id', () => problem(409, 'IN_USE')));
    const user = await openList();
    const meet = within(await levelsTable()).getByRole('row', { name: /Meet the team/ });
    await user.click(within(meet).getByRole('button', { name: 'Delete level' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Level 1.1 – Meet the team?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await within(confirm).findByText(/This level has been played, so its history must stay. Retire it instead/),
    ).toBeInTheDocument();

    await user.click(within(confirm).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Level 1.1 – Meet the team has been retired.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/api/v1/levels/${MEET.id}`,
        body: {
          chapter_id: FLOOR.id,
          number: 1,
          title: MEET.title,
          max_score: 1200,
          difficulty: 'easy',
          skill_ids: MEET.skill_ids,
          skill_max_points: MEET.skill_max_points,
          retired: true,
        },
      },
    ]);
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Chapters and their levels' })).getByRole('row', { name: /Meet the team/ })).toHaveTextContent('Retired'),
    );
  });

  it('says a chapter with levels cannot be deleted', async () => {
    answerCatalogue();
    apiServer.use(http.delete('/api/v1/chapters/:id', () => problem(409, 'IN_USE')));
    const user = await openList();
    const floor = within(await levelsTable()).getByRole('row', { name: /First day on the floor/ });
    await user.click(within(floor).getByRole('button', { name: 'Delete chapter' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Chapter 1 – First day on the floor?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('This chapter still has levels: move or delete them first.')).toBeInTheDocument();
    expect(within(confirm).queryByRole('button', { name: 'Retire' })).not.toBeInTheDocument();
  });

  it('deletes a chapter without levels once confirmed', async () => {
    const { sent } = answerCatalogue();
    const user = await openList();
    const night = within(await levelsTable()).getByRole('row', { name: /Night shift/ });
    await user.click(within(night).getByRole('button', { name: 'Delete chapter' }));
    await user.click(within(screen.getByRole('dialog', { name: /^Delete Chapter 2/ })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Chapter 2 – Night shift has been deleted.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/v1/chapters/c0000000-0000-4000-8000-000000000002', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Night shift/ })).not.toBeInTheDocument());
  });

  it('puts a retired level back in play', async () => {
    const { sent } = answerCatalogue();
    const user = await openList();
    const delivery = within(await levelsTable()).getByRole('row', { name: /The missing delivery/ });
    await user.click(within(delivery).getByRole('button', { name: 'Put back in play' }));
    expect(await screen.findByText('Level 1.2 – The missing delivery is back in play.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(`/api/v1/levels/${DELIVERY.id}`);
    expect(sent[0]?.body).toMatchObject({
      number: 2,
      skill_ids: DELIVERY.skill_ids,
      skill_max_points: DELIVERY.skill_max_points,
      retired: false,
    });
    await waitFor(() => expect(screen.getByRole('row', { name: /The missing delivery/ })).toHaveTextContent('In play'));
  });
});

describe('the export', () => {
  it('downloads the catalogue as CSV', async () => {
    answerCatalogue();
    const csv = 'type,chapter,number,en\nchapter,,1,First day on the floor\n';
    let asked = '';
    apiServer.use(
      http.get('/api/v1/catalogue/export', ({ request }) => {
        asked = new URL(request.url).search;
        return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    );
    const saved: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:catalogue';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = await openList();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV file (spreadsheets)' }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(asked).toBe('?format=csv');
    expect(names[0]).toMatch(/^playtrack-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await saved[0]?.text()).toBe(csv);
    click.mockRestore();
  });
});
