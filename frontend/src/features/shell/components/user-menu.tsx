// The header's user button: the name and an avatar (their photo, or their initials); a click opens a popover with who is
// signed in (name, e-mail, role), their Profile and the Logout button.
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { initialsOf } from '@/lib/initials';
import { LOGOUT_PATH, profilePath, ROLE_PREFIX } from '@/lib/paths';
import { usePhoto } from '@/lib/photo';
import type { SessionUser } from '@/lib/session';

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['shell', 'profile']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const photo = usePhoto().data;
  // The popover hangs from the button's outer edge: the right in English, the left in Arabic.
  const edge = useTheme().direction === 'rtl' ? 'left' : 'right';

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={t('userMenu.open', { name: user.name })}
        startIcon={
          <Avatar src={photo ?? undefined} alt="" sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'secondary.main' }}>
            {initialsOf(user.name)}
          </Avatar>
        }
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {user.name}
        </Box>
      </Button>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: edge }}
        transformOrigin={{ vertical: 'top', horizontal: edge }}
        slotProps={{ paper: { sx: { minWidth: 240 }, role: 'dialog', 'aria-label': t('userMenu.title') } }}
      >
        <Box sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`role.${user.role}`)}
          </Typography>
        </Box>
        <Divider />
        <Box sx={{ p: 1 }}>
          <Button
            component={RouterLink}
            to={profilePath(ROLE_PREFIX[user.role])}
            fullWidth
            startIcon={<PersonOutlined />}
            onClick={() => setAnchor(null)}
          >
            {t('profile:title')}
          </Button>
          <Button
            component={RouterLink}
            to={LOGOUT_PATH}
            fullWidth
            startIcon={<LogoutIcon />}
            onClick={() => setAnchor(null)}
          >
            {t('logout')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
