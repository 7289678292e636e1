// The address the company's identity provider sends people back to after signing them in:
// the admin registers it as a redirect URI of the app at their provider. Read left to right
// whatever the page's direction, with a button that copies it.
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifications';

export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** Where the provider sends the browser back: the portal's SSO callback page. */
export function redirectUri(): string {
  return `${window.location.origin}/auth/sso/callback`;
}

export function RedirectUri() {
  const { t } = useTranslation('ssoConnections');
  const notify = useNotify();
  const labelId = useId();
  const uri = redirectUri();

  const copy = () => {
    // Outside a secure context the browser has no clipboard API: that failure is said too.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(uri))
      .then(
        () => notify({ severity: 'success', message: t('redirectUri.copied') }),
        () => notify({ severity: 'error', message: t('redirectUri.copyFailed') }),
      );
  };

  return (
    <FormControl>
      <FormLabel component="span" id={labelId}>
        {t('redirectUri.label')}
      </FormLabel>
      <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
        <Box
          component="span"
          dir="ltr"
          aria-labelledby={labelId}
          sx={{ fontFamily: MONOSPACE, fontSize: '0.875rem', unicodeBidi: 'isolate', wordBreak: 'break-all' }}
        >
          {uri}
        </Box>
        <Tooltip title={t('redirectUri.copy')}>
          <IconButton size="small" aria-label={t('redirectUri.copy')} onClick={copy}>
            <ContentCopyOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <FormHelperText sx={{ mx: 0 }}>{t('redirectUri.hint')}</FormHelperText>
    </FormControl>
  );
}
