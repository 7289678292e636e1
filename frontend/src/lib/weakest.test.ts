import { weakestIndex } from '@/lib/weakest';

describe('the weakest skill', () => {
  it('is the lowest score, not counting skills nothing was played in', () => {
    expect(weakestIndex([80, 42.5, null, 60])).toBe(1);
    expect(weakestIndex([null, 90, 70])).toBe(2);
  });

  it('is the first of equal lowest scores', () => {
    expect(weakestIndex([50, 30, 30])).toBe(1);
  });

  it('is none when nothing was played', () => {
    expect(weakestIndex([null, null])).toBeNull();
    expect(weakestIndex([])).toBeNull();
  });
});
