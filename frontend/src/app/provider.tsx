// Every app-wide provider: query client, translations, the theme that follows the language's
// text direction, the date pickers' language, and the toasts.
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { DateLocalization } from '@/components/date-localization';
import { NotificationsProvider } from '@/components/notifications';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AppThemeProvider } from '@/theme/app-theme-provider';
import { loadThemeSettings } from '@/theme/theme-settings';

function DirectionalTheme({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  const [{ themeType }] = useState(() => loadThemeSettings(window.location.search));
  return (
    <AppThemeProvider themeType={themeType} direction={active.dir(active.language)}>
      <DateLocalization>{children}</DateLocalization>
    </AppThemeProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DirectionalTheme>
          <NotificationsProvider>{children}</NotificationsProvider>
        </DirectionalTheme>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
