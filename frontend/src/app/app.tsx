// The whole application: providers around the router.
import type { KnownAnswers } from '@/lib/query-client';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** `known`: answers already read, by query key, for the first screen. */
export function App({ known }: { known?: KnownAnswers }) {
  return (
    <AppProvider known={known}>
      <AppRouter />
    </AppProvider>
  );
}
