// The person's live sessions (browsers, games, game apps), this one marked, and "sign out
// everywhere", which ends them all, this one included: the logout screen then forgets it here
// and in the browser's other tabs, and opens the sign-in page.
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ActiveSession } from '@/api/gen/playtrack.schemas';
import { useListOwnSessions, useSignOutEverywhere } from '../api/profile';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadingRecord } from '@/components/loading-record';
import { TitledCard } from '@/components/titled-card';
import { LOGOUT_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { useFormats } from '@/lib/formats';
import { deviceOf } from './session-device';

function SessionItem({ session }: { session: ActiveSession }) {
  const { t } = useTranslation('profile');
  const format = useFormats();
  const { browser, system } = deviceOf(session.user_agent);
  const device =
    browser !== undefined && system !== undefined
      ? t('sessions.device', { browser, system })
      : (browser ?? system ?? t('sessions.unknownDevice'));
  const how = [t(`sessions.kind.${session.kind}`), ...(session.ip ? [t('sessions.ip', { ip: session.ip })] : [])];
  const when = [
    t('sessions.started', { time: format.dateTime(session.created_at) }),
    t('sessions.lastActive', { time: format.dateTime(session.last_seen_at) }),
  ];
  const Icon = session.kind === 'game' || session.kind === 'game_app' ? SportsEsportsOutlined : ComputerOutlined;
  return (
    <ListItem divider disableGutters>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      <ListItemText
        primary={
          <>
            {device}
            {session.current && (
              <Chip component="span" size="small" color="primary" label={t('sessions.thisDevice')} sx={{ mx: 1 }} />
            )}
          </>
        }
        secondary={
          <>
            {how.join(' · ')}
            <br />
            {when.join(' · ')}
          </>
        }
      />
    </ListItem>
  );
}

export function SessionsCard() {
  const { t } = useTranslation('profile');
  const { problemMessage } = useProblemMessage();
  const navigate = useNavigate();
  const sessions = useListOwnSessions();
  const [asking, setAsking] = useState(false);
  const signOut = useSignOutEverywhere({
    mutation: { onSuccess: () => void navigate(LOGOUT_PATH, { replace: true }) },
  });

  return (
    <TitledCard
      title={t('sessions.title')}
      heading="h2"
      actions={
        <Button color="error" variant="outlined" startIcon={<LogoutIcon />} onClick={() => setAsking(true)}>
          {t('sessions.signOutEverywhere')}
        </Button>
      }
    >
      <Typography color="text.secondary">{t('sessions.intro')}</Typography>
      <LoadingRecord query={sessions}>
        {(list) => (
          <List aria-label={t('sessions.title')}>
            {list.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </List>
        )}
      </LoadingRecord>
      <ConfirmDialog
        open={asking}
        title={t('sessions.confirmTitle')}
        body={t('sessions.confirmBody')}
        confirmLabel={t('sessions.signOutEverywhere')}
        pending={signOut.isPending}
        error={signOut.isError ? problemMessage(signOut.error) : undefined}
        onConfirm={() => signOut.mutate()}
        onClose={() => {
          setAsking(false);
          signOut.reset();
        }}
      />
    </TitledCard>
  );
}
