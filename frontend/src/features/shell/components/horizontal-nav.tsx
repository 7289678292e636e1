// The horizontal navigation style: the role's links as a bar in the header, each group a button
// opening its links as a menu. The bar wraps onto a second row rather than overflow the page.
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Role } from '@/lib/session';
import { isLinkActive, isNavGroup, NAVIGATION, type NavGroup } from '../navigation';
import { NavGroupMenu } from './nav-group-menu';

/** The current screen's item is underlined: a tint would lower the text's contrast on the header. */
function underline(active: boolean) {
  return { borderRadius: 0, borderBottom: 2, borderColor: active ? 'currentColor' : 'transparent' } as const;
}

function GroupButton({ group }: { group: NavGroup }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const active = group.children.some((link) => isLinkActive(link, pathname));
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={underline(active)}
      >
        {t(`nav.${group.label}`)}
      </Button>
      <NavGroupMenu id={menuId} group={group} anchor={anchor} placement="below" onClose={() => setAnchor(null)} />
    </>
  );
}

export function HorizontalNav({ role }: { role: Role }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label={t('navigation')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.5, px: { xs: 1, sm: 2 }, pb: 0.5 }}
    >
      {NAVIGATION[role].map((entry) => {
        if (isNavGroup(entry)) return <GroupButton key={entry.label} group={entry} />;
        const active = isLinkActive(entry, pathname);
        return (
          <Button
            key={entry.path}
            color="inherit"
            component={RouterLink}
            to={entry.path}
            aria-current={active ? 'page' : undefined}
            sx={underline(active)}
          >
            {t(`nav.${entry.label}`)}
          </Button>
        );
      })}
    </Box>
  );
}
