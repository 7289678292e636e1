import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';
import { answerCatalogue, DELIVERY, EMPTY, FLOOR, LEADERSHIP, NEGOTIATION } from '../testing/fixtures';


async function openForm(url: string, heading: string) {
  const user = userEvent.setup();
  const view = renderApp(url, { user: TEST_USER });
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  return { user, router: view.router };
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
/** A chosen skill's "Max points" field. */
const maxPoints = (skill: string) => field(`${skill} Max points`);
const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Save' }));

async function choose(user: UserEvent, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills every field of a new level in chapter 2. */
async function fillLevel(user: UserEvent) {
  await choose(user, /^Chapter/, 'Chapter 2 – Night shift');
  await user.type(field(/^Level number/), '4');
  await user.type(field(/^Title/), 'Handover');
  await user.type(field(/^Maximum score/), '250');
  await choose(user, /^Difficulty/, 'Medium');
  await user.click(screen.getByRole('combobox', { name: /^Skills/ }));
  await user.click(await screen.findByRole('option', { name: 'Leadership' }));
}

describe('adding a level', () => {
  it('checks every field before sending anything', async () => {
    const { sent } = answerCatalogue();
    const { user } = await openForm('/main/levelData/add', 'Add a level');
    await save(user);
    expect(await screen.findByText('Please choose a chapter')).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number from 1 to 999')).toBeInTheDocument();
    expect(screen.getByText('Please enter the English text')).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number from 1 to 1,000,000')).toBeInTheDocument();
    expect(screen.getByText('Please choose a difficulty')).toBeInTheDocument();
    expect(screen.getByText('Please choose from 1 to 20 skills')).toBeInTheDocument();

    await user.type(field(/^Level number/), '0');
    await user.type(field(/^Maximum score/), '1000001');
    // A title is at most 200 characters (the field takes no more); no control characters.
    expect(field(/^Title/)).toHaveAttribute('maxlength', '200');
    await user.click(field(/^Title/));
    await user.paste('Bell\u0007');
    await save(user);
    expect(await screen.findByText('Please remove the invisible control characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number from 1 to 999')).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number from 1 to 1,000,000')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('saves a new level and goes back to the catalogue', async () => {
    const { sent } = answerCatalogue();
    const { user, router } = await openForm('/main/levelData/add', 'Add a level');
    await fillLevel(user);
    await user.click(screen.getByRole('button', { name: /Translations/ }));
    await user.type(field('العربية'), 'التسليم');
    await save(user);
    expect(await screen.findByText('The level has been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/levels',
        body: {
          chapter_id: EMPTY.id,
          number: 4,
          title: { en: 'Handover', ar: 'التسليم' },
          max_score: 250,
          difficulty: 'medium',
          skill_ids: [LEADERSHIP.id],
          skill_max_points: { [LEADERSHIP.id]: 250 },
          retired: false,
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/levelData'));
    expect(await screen.findByRole('row', { name: /Handover/ })).toHaveTextContent('2.4');
  });

  it('gives each chosen skill an even share of the maximum score until its own maximum is typed', async () => {
    const { sent } = answerCatalogue();
    const { user } = await openForm('/main/levelData/add', 'Add a level');
    await fillLevel(user);
    expect(maxPoints('Leadership')).toHaveValue('250');
    expect(screen.getByText(/The most points each skill can earn in one play of this level/)).toBeInTheDocument();

    // A second skill: the points shared out again, the odd one to the first skill by id.
    await choose(user, /^Skills/, 'Negotiation');
    expect(maxPoints('Negotiation')).toHaveValue('125');
    expect(maxPoints('Leadership')).toHaveValue('125');
    await user.type(field(/^Maximum score/), '1');
    expect(maxPoints('Negotiation')).toHaveValue('1251');
    expect(maxPoints('Leadership')).toHaveValue('1250');
    expect(screen.queryByText(/The skill maxima add up to/)).not.toBeInTheDocument();

    // A typed maximum stays as typed; the others still follow the maximum score.
    await user.clear(maxPoints('Leadership'));
    await user.type(maxPoints('Leadership'), '700');
    await user.clear(field(/^Maximum score/));
    await user.type(field(/^Maximum score/), '2000');
    expect(maxPoints('Negotiation')).toHaveValue('1000');
    expect(maxPoints('Leadership')).toHaveValue('700');
    expect(screen.getByRole('status')).toHaveTextContent(
      "The skill maxima add up to 1,700 points, while the level's maximum score is 2,000. You can save it so if that is intended.",
    );
    await save(user);
    expect(await screen.findByText('The level has been saved.')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({
      max_score: 2000,
      skill_ids: [LEADERSHIP.id, NEGOTIATION.id],
      skill_max_points: { [NEGOTIATION.id]: 1000, [LEADERSHIP.id]: 700 },
    });
  });

  it('fills a skill chosen before the maximum score once the score is typed', async () => {
    answerCatalogue();
    const { user } = await openForm('/main/levelData/add', 'Add a level');
    await choose(user, /^Skills/, 'Negotiation');
    expect(maxPoints('Negotiation')).toHaveValue('');
    await user.type(field(/^Maximum score/), '90');
    expect(maxPoints('Negotiation')).toHaveValue('90');
    // A skill dropped and chosen again starts afresh, at its share.
    await user.clear(maxPoints('Negotiation'));
    await user.type(maxPoints('Negotiation'), '30');
    await user.click(screen.getByRole('combobox', { name: /^Skills/ }));
    await user.keyboard('{Escape}{Backspace}');
    expect(screen.queryByRole('textbox', { name: /Max points/ })).not.toBeInTheDocument();
    await choose(user, /^Skills/, 'Negotiation');
    expect(maxPoints('Negotiation')).toHaveValue('90');
  });

  it("keeps a skill's maximum from 1 to the level's maximum score", async () => {
    const { sent } = answerCatalogue();
    const { user } = await openForm('/main/levelData/add', 'Add a level');
    await fillLevel(user);
    await user.clear(maxPoints('Leadership'));
    await user.type(maxPoints('Leadership'), '251');
    // Said together with the other fields' problems.
    await user.clear(field(/^Title/));
    await save(user);
    expect(
      await screen.findByText("Please enter a whole number from 1 to 250, the level's maximum score"),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter the English text')).toBeInTheDocument();
    expect(maxPoints('Leadership')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field(/^Title/), 'Handover');

    await user.clear(maxPoints('Leadership'));
    await user.type(maxPoints('Leadership'), '0');
    await save(user);
    expect(
      await screen.findByText("Please enter a whole number from 1 to 250, the level's maximum score"),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(maxPoints('Leadership'));
    await user.type(maxPoints('Leadership'), '250');
    await save(user);
    expect(await screen.findByText('The level has been saved.')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ skill_max_points: { [LEADERSHIP.id]: 250 } });
  });

  it('starts in the chapter it was opened from', async () => {
    answerCatalogue();
    await openForm(`/main/levelData/add?chapter=${FLOOR.id}`, 'Add a level');
    expect(screen.getByRole('combobox', { name: /^Chapter/ })).toHaveTextContent('Chapter 1 – First day on the floor');
  });

  it("puts the server's field problems on their fields", async () => {
    answerCatalogue();
    apiServer.use(
      http.post('/api/v1/levels', () =>
        problem(422, 'VALIDATION_FAILED', {
          errors: [
            { field: 'number', code: 'TAKEN' },
            { field: 'max_score', code: 'OUT_OF_RANGE' },
            { field: 'skills', code: 'UNKNOWN' },
            { field: 'title.ar', code: 'CONTROL_CHARACTER' },
          ],
        }),
      ),
    );
    const { user } = await openForm('/main/levelData/add', 'Add a level');
    await fillLevel(user);
    await save(user);
    expect(await screen.findByText('This is already in use.')).toBeInTheDocument();
    expect(screen.getByText('This number is out of range.')).toBeInTheDocument();
    expect(screen.getByText('This choice does not exist (any more).')).toBeInTheDocument();
    // The translations open by themselves to show the Arabic title's problem.
    expect(field('العربية')).toBeVisible();
    expect(screen.getByText('Remove the invisible control characters from this text.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Add a level' })).toBeInTheDocument();
  });

  it("puts the server's problems with a skill's maximum on that skill's field", async () => {
    answerCatalogue();
    apiServer.use(
      http.post('/api/v1/levels', () =>
        problem(422, 'VALIDATION_FAILED', {
          errors: [
            { field: `skills.${LEADERSHIP.id}`, code: 'OUT_OF_RANGE' },
            { field: `skill_max_points.${NEGOTIATION.id}`, code: 'NOT_TRAINED' },
          ],
        }),
      ),
    );
    const { user } = await openForm('/main/levelData/add', 'Add a level');
    await fillLevel(user);
    await choose(user, /^Skills/, 'Negotiation');
    await save(user);
    await waitFor(() => expect(maxPoints('Leadership')).toHaveAccessibleDescription('This number is out of range.'));
    expect(maxPoints('Leadership')).toHaveAttribute('aria-invalid', 'true');
    expect(maxPoints('Negotiation')).toHaveAccessibleDescription('The level does not train this skill.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what went wrong with the whole form', async () => {
    answerCatalogue();
    apiServer.use(http.post('/api/v1/levels', () => problem(500, 'INTERNAL')));
    const { user } = await openForm('/main/levelData/add', 'Add a level');
    await fillLevel(user);
    await save(user);
    expect(await screen.findByText('Something went wrong on the server. Please try again later.')).toBeInTheDocument();
  });
});

describe('editing a level', () => {
  it('opens with the level’s values and saves its changes, retired or not', async () => {
    const { sent } = answerCatalogue();
    const { user } = await openForm(`/main/levelData/edit?id=${DELIVERY.id}`, 'Edit the level');
    expect(field(/^Level number/)).toHaveValue('2');
    expect(field(/^Title/)).toHaveValue('The missing delivery');
    expect(field(/^Maximum score/)).toHaveValue('80');
    expect(screen.getByRole('combobox', { name: /^Difficulty/ })).toHaveTextContent('Hard');
    const retired = screen.getByRole('checkbox', { name: 'Retired' });
    expect(retired).toBeChecked();
    expect(maxPoints('Leadership')).toHaveValue('80');

    await user.click(retired);
    await user.click(screen.getByRole('combobox', { name: /^Skills/ }));
    await user.click(await screen.findByRole('option', { name: 'Negotiation' }));
    // The saved maximum stays; the new skill takes its even share of the level's 80 points.
    expect(maxPoints('Leadership')).toHaveValue('80');
    expect(maxPoints('Negotiation')).toHaveValue('40');
    expect(screen.getByRole('status')).toHaveTextContent(
      "The skill maxima add up to 120 points, while the level's maximum score is 80.",
    );
    await user.clear(maxPoints('Leadership'));
    await user.type(maxPoints('Leadership'), '40');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await save(user);
    expect(await screen.findByText('The level has been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/api/v1/levels/${DELIVERY.id}`,
        body: {
          chapter_id: FLOOR.id,
          number: 2,
          title: { en: 'The missing delivery' },
          max_score: 80,
          difficulty: 'hard',
          skill_ids: [LEADERSHIP.id, NEGOTIATION.id],
          skill_max_points: { [LEADERSHIP.id]: 40, [NEGOTIATION.id]: 40 },
          retired: false,
        },
      },
    ]);
  });

  it('goes back to the catalogue, saying so, when the level is not in it', async () => {
    answerCatalogue();
    const { router } = renderApp('/main/levelData/edit?id=nothing', { user: TEST_USER });
    expect(await screen.findByText(/That record was not found/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main/levelData');
  });

  it('asks before dropping changes', async () => {
    answerCatalogue();
    const { user } = await openForm(`/main/levelData/edit?id=${DELIVERY.id}`, 'Edit the level');
    await user.type(field(/^Title/), ' again');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(within(ask).getByRole('button', { name: 'Discard' })).toBeInTheDocument();
  });
});
