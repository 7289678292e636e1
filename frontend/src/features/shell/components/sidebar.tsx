// The role's navigation: a permanent column on wide screens, a drawer opened from the header
// below the seed's 992 px breakpoint. MUI mirrors it to the right side in Arabic.
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Role } from '@/lib/session';
import { isLinkActive, isNavGroup, NAVIGATION, type NavGroup, type NavLink } from '../navigation';

export const SIDEBAR_WIDTH = 260;

interface SidebarProps {
  role: Role;
  /** Permanent column (wide screens) or a temporary drawer (narrow screens). */
  permanent: boolean;
  open: boolean;
  onClose: () => void;
}

function LinkItem({ link, nested, onNavigate }: { link: NavLink; nested?: boolean; onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = isLinkActive(link, pathname);
  const Icon = link.icon;
  return (
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
      <ListItemText primary={t(`nav.${link.label}`)} />
    </ListItemButton>
  );
}

function GroupItem({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const containsActive = group.children.some((child) => isLinkActive(child, pathname));
  const [expanded, setExpanded] = useState(containsActive);
  const Icon = group.icon;
  return (
    <>
      <ListItemButton onClick={() => setExpanded((was) => !was)} aria-expanded={expanded}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(`nav.${group.label}`)} />
        {expanded ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List disablePadding>
          {group.children.map((child) => (
            <LinkItem key={child.path} link={child} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

export function Sidebar({ role, permanent, open, onClose }: SidebarProps) {
  const { t } = useTranslation(['shell', 'common']);
  // Following a link closes the narrow-screen drawer; the permanent column stays.
  const onNavigate = permanent ? () => undefined : onClose;
  const content = (
    <Box component="nav" aria-label={t('navigation')}>
      <List>
        {NAVIGATION[role].map((entry) =>
          isNavGroup(entry) ? (
            <GroupItem key={entry.label} group={entry} onNavigate={onNavigate} />
          ) : (
            <LinkItem key={entry.path} link={entry} onNavigate={onNavigate} />
          ),
        )}
      </List>
    </Box>
  );

  const paper = { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } as const;
  if (permanent) {
    return (
      <Drawer variant="permanent" anchor="left" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paper }}>
        {/* Keeps the list below the fixed header. */}
        <Toolbar />
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
      sx={{ '& .MuiDrawer-paper': paper }}
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
