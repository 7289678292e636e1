// /main/profile/basic-info, /companyadmin/profile/basic-info and /user/profile/basic-info:
// everyone's own profile — name, e-mail and language, photo, and the sessions they hold.
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useGetProfile } from '../api/profile';
import { LoadingRecord } from '@/components/loading-record';
import { PageHeader } from '@/components/page-header';
import { BasicInfoCard } from './basic-info-card';
import { PhotoCard } from './photo-card';
import { SessionsCard } from './sessions-card';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useGetProfile();
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <PageHeader title={t('title')} />
      <LoadingRecord query={profile}>
        {(found) => (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
            <BasicInfoCard profile={found} />
            <PhotoCard name={found.name} />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <SessionsCard />
            </Box>
          </Box>
        )}
      </LoadingRecord>
    </Box>
  );
}
