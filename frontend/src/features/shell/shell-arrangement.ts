// How each navigation style arranges the shell's header and navigation. Below the seed's 992 px
// breakpoint every style becomes the drawer: a column of links leaves too little room there.
import type { NavStyle } from '@/theme/theme-settings';

export interface ShellArrangement {
  /** The header spans the page above the navigation, or only the content beside the sidebar. */
  headerSpan: 'page' | 'content';
  /** The header stays at the top while the page scrolls under it. */
  stickyHeader: boolean;
  /** A column beside the content (`mini`: icons only until expanded), a drawer opened from the
   * header, or none (the links are in the header). */
  sidebar: 'column' | 'mini' | 'drawer' | 'none';
  /** The links as a bar in the header, their groups as drop-down menus. */
  topNavigation: boolean;
}

const ARRANGEMENTS: Record<NavStyle, ShellArrangement> = {
  vertical: { headerSpan: 'content', stickyHeader: false, sidebar: 'column', topNavigation: false },
  fixed: { headerSpan: 'content', stickyHeader: true, sidebar: 'column', topNavigation: false },
  mini: { headerSpan: 'content', stickyHeader: true, sidebar: 'mini', topNavigation: false },
  'below-header': { headerSpan: 'page', stickyHeader: true, sidebar: 'column', topNavigation: false },
  drawer: { headerSpan: 'page', stickyHeader: true, sidebar: 'drawer', topNavigation: false },
  horizontal: { headerSpan: 'page', stickyHeader: false, sidebar: 'none', topNavigation: true },
};

export function shellArrangement(navStyle: NavStyle, wide: boolean): ShellArrangement {
  return ARRANGEMENTS[wide ? navStyle : 'drawer'];
}
