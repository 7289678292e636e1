import { describe, expect, it } from 'vitest';
import { categoryTicks } from './category-ticks';

const BATCHES = ['Branch onboarding 2026', 'Relationship managers'];
const LEVELS = Array.from({ length: 12 }, (_unused, index) => `${index + 1}.1 A level of the game`);

describe('categoryTicks', () => {
  it('keeps names side by side where they fit, each in its own direction', () => {
    expect(categoryTicks(BATCHES, 500, false, 12)).toEqual({ style: { unicodeBidi: 'plaintext', fontSize: 12 } });
  });

  it('keeps them side by side until the chart is laid out', () => {
    expect(categoryTicks(LEVELS, undefined, false, 12).style.angle).toBeUndefined();
  });

  it('slants names that would overlap, the other way right to left, and makes room under the axis', () => {
    expect(categoryTicks(BATCHES, 300, false, 12)).toMatchObject({ style: { angle: -45, textAnchor: 'end' }, height: 90 });
    expect(categoryTicks(BATCHES, 300, true, 12).style.angle).toBe(45);
  });

  it('stands names upright where even slanted ones would overlap', () => {
    expect(categoryTicks(LEVELS, 310, false, 11).style.angle).toBe(-90);
    expect(categoryTicks(LEVELS, 310, true, 11).style.angle).toBe(90);
    expect(categoryTicks(LEVELS, 900, false, 11).style.angle).toBe(-45);
  });
});
