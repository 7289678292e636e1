// The role's navigation: a column beside the content on wide screens (icons only, named by their
// tooltips, in the mini style), or a drawer opened from the header (the drawer style, and every
// style below the seed's 992 px breakpoint). MUI mirrors it to the right side in Arabic.
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactElement, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Role } from '@/lib/session';
import { isLinkActive, isNavGroup, NAVIGATION, type NavGroup, type NavLink } from '../navigation';
import { NavGroupMenu } from './nav-group-menu';

export const SIDEBAR_WIDTH = 260;
/** Room for the icons only. */
const COLLAPSED_WIDTH = 64;
/** MUI's toolbar from 600 px up: the column shows only from 992 px. */
const HEADER_HEIGHT_PX = 64;

interface SidebarProps {
  role: Role;
  /** A column beside the content, or a temporary drawer. */
  permanent: boolean;
  /** The column shows icons only (the mini style). */
  collapsed?: boolean;
  /** The column stays in view below a header that spans the page, else from the page's top. */
  belowHeader?: boolean;
  open: boolean;
  onClose: () => void;
}

/** In the collapsed column an item's label stays for screen readers, and its tooltip shows it. */
function Named({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactElement }) {
  return collapsed ? (
    <Tooltip title={label} placement="right">
      {children}
    </Tooltip>
  ) : (
    children
  );
}

const HIDDEN_LABEL = { opacity: 0, whiteSpace: 'nowrap' } as const;

interface ItemProps {
  collapsed: boolean;
  onNavigate: () => void;
}

function LinkItem({ link, nested, collapsed, onNavigate }: ItemProps & { link: NavLink; nested?: boolean }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = isLinkActive(link, pathname);
  const Icon = link.icon;
  const label = t(`nav.${link.label}`);
  // Each entry is an <li>: assistive technology counts a list's items among its <li> only.
  return (
    <ListItem disablePadding>
      <Named label={label} collapsed={collapsed}>
        <ListItemButton
          component={RouterLink}
          to={link.path}
          selected={active}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          sx={nested ? { ps: 4 } : undefined}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={label} sx={collapsed ? HIDDEN_LABEL : undefined} />
        </ListItemButton>
      </Named>
    </ListItem>
  );
}

/** A group folds its links open under it; in the collapsed column it opens them as a menu. */
function GroupItem({ group, collapsed, onNavigate }: ItemProps & { group: NavGroup }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const containsActive = group.children.some((child) => isLinkActive(child, pathname));
  const [expanded, setExpanded] = useState(containsActive);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const Icon = group.icon;
  const label = t(`nav.${group.label}`);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Named label={label} collapsed={collapsed}>
        <ListItemButton
          selected={collapsed && containsActive}
          aria-haspopup={collapsed ? 'menu' : undefined}
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={collapsed ? menuAnchor !== null : expanded}
          onClick={(event) => (collapsed ? setMenuAnchor(event.currentTarget) : setExpanded((was) => !was))}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={label} sx={collapsed ? HIDDEN_LABEL : undefined} />
          {!collapsed && (expanded ? <ExpandLess /> : <ExpandMore />)}
        </ListItemButton>
      </Named>
      {collapsed ? (
        <NavGroupMenu id={menuId} group={group} anchor={menuAnchor} placement="beside" onClose={() => setMenuAnchor(null)} />
      ) : (
        <Collapse in={expanded} timeout="auto" unmountOnExit>
          <List disablePadding>
            {group.children.map((child) => (
              <LinkItem key={child.path} link={child} nested collapsed={false} onNavigate={onNavigate} />
            ))}
          </List>
        </Collapse>
      )}
    </ListItem>
  );
}

export function Sidebar({ role, permanent, collapsed = false, belowHeader = false, open, onClose }: SidebarProps) {
  const { t } = useTranslation(['shell', 'common']);
  // Following a link closes the drawer; the column stays.
  const onNavigate = permanent ? () => undefined : onClose;
  const content = (
    <Box component="nav" aria-label={t('navigation')}>
      <List>
        {NAVIGATION[role].map((entry) =>
          isNavGroup(entry) ? (
            <GroupItem key={entry.label} group={entry} collapsed={collapsed} onNavigate={onNavigate} />
          ) : (
            <LinkItem key={entry.path} link={entry} collapsed={collapsed} onNavigate={onNavigate} />
          ),
        )}
      </List>
    </Box>
  );

  if (permanent) {
    const width = collapsed ? COLLAPSED_WIDTH : SIDEBAR_WIDTH;
    const top = belowHeader ? HEADER_HEIGHT_PX : 0;
    const resize = (theme: Theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter });
    return (
      <Drawer
        variant="permanent"
        anchor="left"
        sx={(theme) => ({
          width,
          flexShrink: 0,
          // As tall as the content beside it, whatever the list's own height: the list keeps to
          // the window (less a full-width header) and scrolls inside.
          contain: 'size',
          transition: resize(theme),
          // In the page's flow and kept in view while it scrolls, so the header and the frame of
          // each layout stay where they are.
          '& .MuiDrawer-paper': {
            width,
            boxSizing: 'border-box',
            position: 'sticky',
            top,
            height: `calc(100vh - ${top}px)`,
            maxHeight: '100%',
            overflowX: 'hidden',
            // Under a header spanning the page, which it meets at the page's end in a frame.
            zIndex: theme.zIndex.appBar - 1,
            transition: resize(theme),
          },
        })}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      anchor="left"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
    >
      <Toolbar>
        <Typography variant="h6" component="span">
          {t('common:appName')}
        </Typography>
      </Toolbar>
      <Divider />
      {content}
    </Drawer>
  );
}
