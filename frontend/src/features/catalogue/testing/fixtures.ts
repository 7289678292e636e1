// A small catalogue and a fake server holding it, for the catalogue tests: it adds, changes and
// deletes what the screens send, and says what it received.
import { http, HttpResponse } from 'msw';
import type { Catalogue, Chapter, ChapterInput, Level, LevelInput, Named, NamedInput } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';

export const FLOOR: Chapter = {
  id: 'c0000000-0000-4000-8000-000000000001',
  number: 1,
  title: { en: 'First day on the floor', ar: 'اليوم الأول في الميدان' },
};
export const EMPTY: Chapter = { id: 'c0000000-0000-4000-8000-000000000002', number: 2, title: { en: 'Night shift' } };

export const NEGOTIATION: Named = {
  id: 's0000000-0000-4000-8000-000000000001',
  name: { en: 'Negotiation', ar: 'التفاوض', fr: 'Négociation' },
};
export const LEADERSHIP: Named = { id: 's0000000-0000-4000-8000-000000000002', name: { en: 'Leadership' } };
export const COLLABORATIVE: Named = {
  id: 'a0000000-0000-4000-8000-000000000001',
  name: { en: 'Collaborative', zh: '协作型' },
};

export const MEET: Level = {
  id: 'l0000000-0000-4000-8000-000000000001',
  chapter_id: FLOOR.id,
  number: 1,
  title: { en: 'Meet the team', ar: 'تعرّف على الفريق' },
  max_score: 1200,
  difficulty: 'easy',
  skill_ids: [NEGOTIATION.id, LEADERSHIP.id],
  skill_max_points: { [NEGOTIATION.id]: 700, [LEADERSHIP.id]: 500 },
  retired_at: null,
};
export const DELIVERY: Level = {
  id: 'l0000000-0000-4000-8000-000000000002',
  chapter_id: FLOOR.id,
  number: 2,
  title: { en: 'The missing delivery' },
  max_score: 80,
  difficulty: 'hard',
  skill_ids: [LEADERSHIP.id],
  skill_max_points: { [LEADERSHIP.id]: 80 },
  retired_at: '2026-11-20T08:00:00Z',
};

export const CATALOGUE: Catalogue = {
  chapters: [EMPTY, FLOOR],
  levels: [DELIVERY, MEET],
  skills: [NEGOTIATION, LEADERSHIP],
  approaches: [COLLABORATIVE],
};

/** What the screens sent: each call's method, path and body. */
export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

let next = 0;
const newId = () => `n0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

/** A fake server holding `initial`; answers GET /catalogue with what it holds now. */
export function answerCatalogue(initial: Catalogue = CATALOGUE) {
  let stored: Catalogue = structuredClone(initial);
  const sent: Sent[] = [];
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? undefined : ((await request.json()) as unknown);
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const level = (input: LevelInput, id: string): Level => ({
    id,
    chapter_id: input.chapter_id,
    number: input.number,
    title: input.title,
    max_score: input.max_score,
    difficulty: input.difficulty,
    skill_ids: input.skill_ids,
    skill_max_points: Object.fromEntries(
      input.skill_ids.map((skill) => [
        skill,
        input.skill_max_points?.[skill] ?? Math.floor(input.max_score / input.skill_ids.length),
      ]),
    ),
    retired_at: input.retired ? '2026-11-25T10:00:00Z' : null,
  });
  apiServer.use(
    http.get('/api/v1/catalogue', () => HttpResponse.json(stored)),
    http.post('/api/v1/chapters', async ({ request }) => {
      const input = (await record(request)) as ChapterInput;
      const chapter = { id: newId(), ...input };
      stored = { ...stored, chapters: [...stored.chapters, chapter] };
      return HttpResponse.json(chapter, { status: 201 });
    }),
    http.post('/api/v1/levels', async ({ request }) => {
      const created = level((await record(request)) as LevelInput, newId());
      stored = { ...stored, levels: [...stored.levels, created] };
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/v1/levels/:id', async ({ request, params }) => {
      const changed = level((await record(request)) as LevelInput, String(params.id));
      stored = { ...stored, levels: stored.levels.map((each) => (each.id === changed.id ? changed : each)) };
      return HttpResponse.json(changed);
    }),
    http.post('/api/v1/skills', async ({ request }) => {
      const skill = { id: newId(), ...((await record(request)) as NamedInput) };
      stored = { ...stored, skills: [...stored.skills, skill] };
      return HttpResponse.json(skill, { status: 201 });
    }),
    http.delete('/api/v1/:list/:id', async ({ request, params }) => {
      await record(request);
      const id = String(params.id);
      stored = {
        chapters: stored.chapters.filter((each) => each.id !== id),
        levels: stored.levels.filter((each) => each.id !== id),
        skills: stored.skills.filter((each) => each.id !== id),
        approaches: stored.approaches.filter((each) => each.id !== id),
      };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent };
}
