// /main/gameApps: the games that sign trainees in on their devices through the portal, as
// public OAuth clients (a client id and no secret), newest first. The super admin adds and
// edits them in a dialog, and disables one (after asking: the game stops signing trainees in)
// or enables it again from its row.
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameApp, GameAppInput } from '@/api/gen/playtrack.schemas';
import { PageHeader } from '@/components/page-header';
import { TopProgressBar } from '@/components/top-progress-bar';
import { useProblemMessage } from '@/lib/problem-message';
import { useGameClients, useListGameApps } from '../api/game-apps';
import { DisableAppDialog, useEnableApp } from './app-status';
import { GameAppDialog } from './game-app-dialog';
import { gameAppInput } from './game-app-schema';
import { GameAppsTable } from './game-apps-table';

/** The dialog open over the list, if any: the form (`toggle` when opened from Disable or
 * Enable for an app that must first choose what it reports as). */
interface Editing {
  app?: GameApp;
  toggle?: boolean;
}

export function GameAppsPage() {
  const { t } = useTranslation('gameApps');
  const { problemMessage } = useProblemMessage();
  const list = useListGameApps();
  const { clients } = useGameClients();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [disabling, setDisabling] = useState<{ app: GameApp; data: GameAppInput } | null>(null);
  const enable = useEnableApp();

  const setDisabled = (app: GameApp, disabled: boolean) => {
    const data = gameAppInput(app, { disabled });
    // The server takes no app without the API client it reports as: the form asks for it.
    if (!data) setEditing({ app, toggle: true });
    else if (disabled) setDisabling({ app, data });
    else enable(app, data);
  };

  return (
    <Box component="section">
      <PageHeader title={t('title')}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      {list.isError && <Alert severity="error">{problemMessage(list.error)}</Alert>}
      {list.isPending && <TopProgressBar />}
      {list.data && (
        <GameAppsTable
          apps={list.data}
          clients={clients}
          onEdit={(app) => setEditing({ app })}
          onSetDisabled={setDisabled}
        />
      )}
      {editing && <GameAppDialog app={editing.app} toggle={editing.toggle} onClose={() => setEditing(null)} />}
      <DisableAppDialog disabling={disabling} onClose={() => setDisabling(null)} />
    </Box>
  );
}
