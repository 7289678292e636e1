// Types every t() key against the English resources, so a missing key fails `tsc`.
import 'i18next';
import type { englishResources } from '@/locales/resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof englishResources;
  }
}
