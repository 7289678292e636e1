import {
  batchProgress,
  chapterProgress,
  daysAgo,
  mailto,
  mostAndLeastActive,
  reportPath,
  strongestAndWeakest,
  twoEnds,
} from './dashboard-data';
import { ACTIVITY, BATCHES, CATALOGUE, CHAPTER_1, CHAPTER_2, MY_CHAPTERS, MY_LEVELS, oneRow, SKILL_REPORT } from './dashboard-fixtures';

describe('the two ends of a ranking', () => {
  it('are the top and the bottom, lowest first', () => {
    expect(twoEnds([9, 8, 7, 6, 5, 4, 3, 2, 1], 3)).toEqual({ top: [9, 8, 7], bottom: [1, 2, 3] });
  });

  it('never share an entry when there are few', () => {
    expect(twoEnds([5, 4, 3, 2], 3)).toEqual({ top: [5, 4], bottom: [2, 3] });
    expect(twoEnds([5, 4, 3], 3)).toEqual({ top: [5, 4], bottom: [3] });
    expect(twoEnds([5], 3)).toEqual({ top: [5], bottom: [] });
    expect(twoEnds([], 3)).toEqual({ top: [], bottom: [] });
  });
});

describe('the strongest and weakest skills', () => {
  it('leave out the skills nobody played', () => {
    const { strongest, weakest } = strongestAndWeakest(SKILL_REPORT);
    expect(strongest.map((skill) => skill.label)).toEqual(['Negotiation', 'Leadership', 'Empathy']);
    expect(weakest.map((skill) => skill.label)).toEqual(['Coaching', 'Conflict', 'Planning']);
  });

  it('are none before anything was played', () => {
    expect(strongestAndWeakest(undefined)).toEqual({ strongest: [], weakest: [] });
    expect(strongestAndWeakest(oneRow([['s', 'Skill', null]]))).toEqual({ strongest: [], weakest: [] });
  });
});

describe('the most and least active companies', () => {
  it('are the five at each end, whatever order they come in', () => {
    const { most, least } = mostAndLeastActive([...ACTIVITY].reverse());
    expect(most.map((company) => company.name)).toEqual(['Company A', 'Company B', 'Company C', 'Company D', 'Company E']);
    expect(least.map((company) => company.name)).toEqual(['Company L', 'Company K', 'Company J', 'Company I', 'Company H']);
  });
});

describe("each batch's progress", () => {
  it('is its score and the levels per trainee who played', () => {
    expect(batchProgress(BATCHES)).toEqual([
      { id: BATCHES.rows[0]?.id, name: 'Cohort A', score: 72.5, levelsPerTrainee: 2.5 },
      { id: BATCHES.rows[1]?.id, name: 'Cohort B', score: null, levelsPerTrainee: null },
    ]);
  });
});

describe("a trainee's progress through the chapters", () => {
  const title = (t: { en?: string }) => t.en ?? '';

  it('counts the levels completed of those in play, by chapter number, with the score', () => {
    expect(chapterProgress(CATALOGUE, MY_LEVELS, MY_CHAPTERS, title)).toEqual([
      { id: CHAPTER_1, number: 1, title: 'First day on the floor', completed: 2, total: 3, score: 66.666 },
      { id: CHAPTER_2, number: 2, title: 'Handling complaints', completed: 0, total: 2, score: null },
    ]);
  });

  it('counts a retired level once completed', () => {
    const retired = CATALOGUE.levels[3]?.id ?? '';
    const levels = oneRow([[retired, 'Retired', 50]]);
    expect(chapterProgress(CATALOGUE, levels, undefined, title)[0]).toMatchObject({ completed: 1, total: 4 });
  });

  it('is empty without a catalogue', () => {
    expect(chapterProgress(undefined, MY_LEVELS, MY_CHAPTERS, title)).toEqual([]);
  });
});

describe('the report paths', () => {
  it("lead under the role's prefix, with the filters", () => {
    expect(reportPath('SUPER_ADMIN', 'score/skill')).toBe('/main/score/skill');
    expect(reportPath('COMPANY_ADMIN', 'score', { batch: 'b1', group: 'trainee' })).toBe(
      '/companyadmin/score?batch=b1&group=trainee',
    );
    expect(reportPath('USER', 'viewlevel', { chapter: 'c1' })).toBe('/user/viewlevel?chapter=c1');
  });

  it('start "the last days" on a UTC day', () => {
    expect(daysAgo(7, new Date('2026-03-05T01:00:00Z'))).toBe('2026-02-26');
  });
});

describe('a mailto: link', () => {
  it('writes to one address, encoding the subject and the body (CRLF lines)', () => {
    expect(mailto({ to: 'a+b@example.com', subject: 'Hi & bye', body: 'One\nTwo' })).toBe(
      'mailto:a%2Bb@example.com?subject=Hi%20%26%20bye&body=One%0D%0ATwo',
    );
  });

  it('writes to many in blind copy', () => {
    expect(mailto({ bcc: ['a@example.com', 'b@example.com'], subject: 'S', body: 'B' })).toBe(
      'mailto:?bcc=a@example.com,b@example.com&subject=S&body=B',
    );
  });
});
