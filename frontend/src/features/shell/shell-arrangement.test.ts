import { NAV_STYLES } from '@/theme/theme-settings';
import { shellArrangement } from './shell-arrangement';

describe('the shell arrangement', () => {
  it.each(NAV_STYLES)('falls back to the drawer below the breakpoint (%s)', (navStyle) => {
    expect(shellArrangement(navStyle, false)).toEqual(shellArrangement('drawer', true));
  });

  it('puts the header over the content beside the sidebar in the vertical, fixed and mini styles', () => {
    for (const navStyle of ['vertical', 'fixed', 'mini'] as const) {
      expect(shellArrangement(navStyle, true).headerSpan).toBe('content');
    }
    expect(shellArrangement('vertical', true).stickyHeader).toBe(false);
    expect(shellArrangement('fixed', true).stickyHeader).toBe(true);
    expect(shellArrangement('mini', true).sidebar).toBe('mini');
  });

  it('spans the header over the page in the below-header, drawer and horizontal styles', () => {
    expect(shellArrangement('below-header', true)).toMatchObject({ headerSpan: 'page', sidebar: 'column' });
    expect(shellArrangement('drawer', true)).toMatchObject({ headerSpan: 'page', sidebar: 'drawer' });
    expect(shellArrangement('horizontal', true)).toEqual({
      headerSpan: 'page',
      stickyHeader: false,
      sidebar: 'none',
      topNavigation: true,
    });
  });
});
