import { describe, expect, it } from 'vitest';
import { radarMargin, wrapLabel } from './radar-labels';

describe('wrapLabel', () => {
  it('keeps a short name on one line', () => {
    expect(wrapLabel('Negotiation')).toBe('Negotiation');
    expect(wrapLabel('客户关注')).toBe('客户关注');
  });

  it('breaks a long name at the space nearest its middle', () => {
    expect(wrapLabel('Problem solving')).toBe('Problem\nsolving');
    expect(wrapLabel('Attention au client')).toBe('Attention\nau client');
    expect(wrapLabel('Resolución de problemas')).toBe('Resolución\nde problemas');
  });

  it('leaves a long name without a space whole', () => {
    expect(wrapLabel('Kommunikationsfähigkeit')).toBe('Kommunikationsfähigkeit');
  });
});

describe('radarMargin', () => {
  it("keeps MUI X Charts' margins for short names", () => {
    expect(radarMargin(['Speed', 'Care', 'Tact'])).toEqual({ top: 30, bottom: 30, left: 50, right: 50 });
  });

  it('widens the sides for a long name beside the radar, and the ends for a second line', () => {
    const margin = radarMargin(['Tact', 'Problem\nsolving', 'Customer\nfocus', 'Negotiation', 'Care']);
    expect(margin.left).toBeGreaterThan(50);
    expect(margin.right).toBe(margin.left);
    expect(margin.top).toBeGreaterThan(30);
    expect(margin.bottom).toBe(margin.top);
  });

  it('gives a name above the radar half its width on each side', () => {
    expect(radarMargin(['Communication', 'Speed', 'Tact'])).toEqual({ top: 30, bottom: 30, left: 50, right: 50 });
    expect(radarMargin(['Speed', 'Communication', 'Tact']).left).toBeGreaterThan(50);
  });

  it('gives a name beside the radar its width at the size it is drawn, and the gap', () => {
    // 11 letters of 0.58 em at 11 px, and 10 px of gap.
    expect(radarMargin(['a', 'Negotiation', 'b', 'c']).left).toBe(81);
  });

  it('counts square CJK glyphs wider than Latin letters', () => {
    expect(radarMargin(['a', '沟通沟通沟通沟通', 'b']).left).toBeGreaterThan(radarMargin(['a', 'abcdefgh', 'b']).left);
  });
});
