// /main/admin/resetpassword and /companyadmin/admin/resetpassword (the admins' "Reset
// Password" item): change one's own password, mail a user of one's scope a reset link, or send
// their invitation again.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { type ComponentType, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollingTabs } from '@/components/scrolling-tabs';
import { ChangePasswordForm } from './change-password-form';
import { SendInvitationForm } from './send-invitation-form';
import { SendResetLinkForm } from './send-reset-link-form';

const TABS = ['own', 'resetLink', 'invitation'] as const;
type AdminTab = (typeof TABS)[number];

const PANELS: Record<AdminTab, ComponentType> = {
  own: ChangePasswordForm,
  resetLink: SendResetLinkForm,
  invitation: SendInvitationForm,
};

export function AdminPasswordPage() {
  const { t } = useTranslation('passwords');
  const [tab, setTab] = useState<AdminTab>('own');
  const baseId = useId();
  const Panel = PANELS[tab];

  return (
    <Box component="section" sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('admin.title')}
      </Typography>
      <Card>
        <ScrollingTabs
          value={tab}
          onChange={(_event, value: AdminTab) => setTab(value)}
          aria-label={t('admin.tabs')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`admin.${value}`)}
              id={`${baseId}-tab-${value}`}
              aria-controls={value === tab ? `${baseId}-panel-${value}` : undefined}
            />
          ))}
        </ScrollingTabs>
        <CardContent
          role="tabpanel"
          id={`${baseId}-panel-${tab}`}
          aria-labelledby={`${baseId}-tab-${tab}`}
        >
          {/* Keyed, so each tab opens with an empty form. */}
          <Panel key={tab} />
        </CardContent>
      </Card>
    </Box>
  );
}
