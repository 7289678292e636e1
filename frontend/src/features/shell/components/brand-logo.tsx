// The header's brand: the company's logo beside the portal's name for its admins and trainees,
// the provider's mark for the super admin, or while a company has no logo.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCompanyLogo } from '@/lib/company-logo';
import type { SessionUser } from '@/lib/session';
import { useGetMe } from '../api/account';

const LOGO_HEIGHT_PX = 32;

export function BrandLogo({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation(['shell', 'common']);
  const inCompany = user !== null && user.role !== 'SUPER_ADMIN';
  const me = useGetMe({ query: { enabled: inCompany, staleTime: Infinity } });
  const logo = useCompanyLogo(inCompany ? (me.data?.company_id ?? '') : '');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexGrow: 1, minWidth: 0 }}>
      {logo.data ? (
        <Box
          component="img"
          src={logo.data}
          alt={t('companyLogo')}
          sx={{ height: LOGO_HEIGHT_PX, maxWidth: 120, objectFit: 'contain', bgcolor: 'common.white', borderRadius: 0.5, p: 0.25 }}
        />
      ) : (
        <Box component="img" src="/favicon.svg" alt="" sx={{ height: LOGO_HEIGHT_PX, width: LOGO_HEIGHT_PX }} />
      )}
      <Typography variant="h6" component="span" noWrap>
        {t('common:appName')}
      </Typography>
    </Box>
  );
}
