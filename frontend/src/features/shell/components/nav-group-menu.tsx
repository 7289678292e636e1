// A navigation group's links as a drop-down menu: under its button in the horizontal navigation,
// beside its icon in the collapsed (mini) sidebar.
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isLinkActive, type NavGroup } from '../navigation';

interface NavGroupMenuProps {
  id: string;
  group: NavGroup;
  anchor: HTMLElement | null;
  /** Opens under its button, or beside it (towards the content). */
  placement: 'below' | 'beside';
  onClose: () => void;
}

export function NavGroupMenu({ id, group, anchor, placement, onClose }: NavGroupMenuProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  // The menu's position is computed, not styled, so it is mirrored here for Arabic.
  const [start, end] = useTheme().direction === 'rtl' ? (['right', 'left'] as const) : (['left', 'right'] as const);
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={placement === 'below' ? { vertical: 'bottom', horizontal: start } : { vertical: 'top', horizontal: end }}
      transformOrigin={{ vertical: 'top', horizontal: start }}
      slotProps={{ list: { 'aria-label': t(`nav.${group.label}`) } }}
    >
      {group.children.map((link) => {
        const active = isLinkActive(link, pathname);
        const Icon = link.icon;
        return (
          <MenuItem
            key={link.path}
            component={RouterLink}
            to={link.path}
            selected={active}
            aria-current={active ? 'page' : undefined}
            onClick={onClose}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t(`nav.${link.label}`)}</ListItemText>
          </MenuItem>
        );
      })}
    </Menu>
  );
}
