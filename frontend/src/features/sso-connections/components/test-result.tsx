// What "Test connection" found: the provider's published metadata (issuer, endpoints, how many
// signing keys, the scopes and claims it supports), or why discovery failed, in an Alert.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { SsoTest } from '@/api/gen/playtrack.schemas';
import { MONOSPACE } from './redirect-uri';

/** One line of the metadata: its name, then the value as the provider wrote it. */
function Entry({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 500 }}>
        {label}
      </Box>
      <Box component="dd" dir="ltr" sx={{ m: 0, mb: 1, fontFamily: MONOSPACE, fontSize: '0.8125rem', wordBreak: 'break-all' }}>
        {value}
      </Box>
    </>
  );
}

export function TestResult({ result }: { result: SsoTest }) {
  const { t } = useTranslation('ssoConnections');
  const found = result.discovered;
  if (!result.ok || !found) {
    return (
      <Alert severity="error">
        <AlertTitle>{t('test.failed')}</AlertTitle>
        <Box dir="ltr" component="p" sx={{ m: 0, mb: 1, fontFamily: MONOSPACE, fontSize: '0.8125rem', wordBreak: 'break-word' }}>
          {result.error ?? t('test.noReason')}
        </Box>
        {t('test.failedHint')}
      </Alert>
    );
  }
  const none = t('test.none');
  const list = (items: readonly string[]) => (items.length ? items.join(' ') : none);
  return (
    <Alert severity={found.signing_keys > 0 ? 'success' : 'warning'}>
      <AlertTitle>{t(found.signing_keys > 0 ? 'test.succeeded' : 'test.noKeys')}</AlertTitle>
      <Box component="dl" sx={{ m: 0 }}>
        <Entry label={t('test.issuer')} value={found.issuer} />
        <Entry label={t('test.authorizationEndpoint')} value={found.authorization_endpoint} />
        <Entry label={t('test.tokenEndpoint')} value={found.token_endpoint ?? none} />
        <Entry label={t('test.userinfoEndpoint')} value={found.userinfo_endpoint ?? none} />
        <Entry label={t('test.jwksUri')} value={found.jwks_uri} />
        <Entry label={t('test.signingKeys')} value={String(found.signing_keys)} />
        <Entry label={t('test.scopesSupported')} value={list(found.scopes_supported)} />
        <Entry label={t('test.claimsSupported')} value={list(found.claims_supported)} />
      </Box>
    </Alert>
  );
}
