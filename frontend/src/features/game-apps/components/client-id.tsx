// A game app's client id, with a button that copies it: public (the game sends it as
// `client_id`), read left to right whatever the page's direction, in a font that tells 0 from O,
// cut short where space is scarce and whole in its tooltip.
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifications';

export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

interface ClientIdProps {
  /** The app's name, for saying whose id was copied. */
  name: string;
  clientId: string;
}

export function ClientId({ name, clientId }: ClientIdProps) {
  const { t } = useTranslation('gameApps');
  const notify = useNotify();

  const copy = () => {
    // Outside a secure context the browser has no clipboard API: that failure is said too.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(clientId))
      .then(
        () => notify({ severity: 'success', message: t('clientId.copied', { name }) }),
        () => notify({ severity: 'error', message: t('clientId.copyFailed') }),
      );
  };

  return (
    <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box
        component="span"
        dir="ltr"
        title={clientId}
        sx={{
          fontFamily: MONOSPACE,
          fontSize: '0.8125rem',
          unicodeBidi: 'isolate',
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {clientId}
      </Box>
      <Tooltip title={t('clientId.copy')}>
        <IconButton size="small" aria-label={t('clientId.copy')} onClick={copy}>
          <ContentCopyOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
