// Every app-wide provider: query client, translations, the chosen appearance and the theme that
// follows it and the language's text direction, and the toasts.
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { NotificationsProvider } from '@/components/notifications';
import { i18n } from '@/lib/i18n';
import { createQueryClient, type KnownAnswers } from '@/lib/query-client';
import { AppThemeProvider } from '@/theme/app-theme-provider';
import { AppearanceProvider } from '@/theme/appearance';

function DirectionalTheme({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  return (
    <AppThemeProvider direction={active.dir(active.language)}>
      {children}
    </AppThemeProvider>
  );
}

/** `known`: answers already read, by query key, for the first screen. */
export function AppProvider({ children, known }: { children: ReactNode; known?: KnownAnswers }) {
  const [queryClient] = useState(() => createQueryClient(known));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppearanceProvider>
          <DirectionalTheme>
            <NotificationsProvider>{children}</NotificationsProvider>
          </DirectionalTheme>
        </AppearanceProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
