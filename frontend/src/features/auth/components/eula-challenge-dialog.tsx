// The licence agreement's dialog as the sign-in steps show it: its code (about 4 kB gzip) loads
// when the first EULA challenge arrives, not with the sign-in page, which most people pass
// without one.
import { lazy, Suspense, useState } from 'react';
import type { EulaDialogProps } from './eula-dialog';

const EulaDialog = lazy(async () => ({ default: (await import('./eula-dialog')).EulaDialog }));

export function EulaChallengeDialog(props: EulaDialogProps) {
  // Once shown, it stays mounted, so that it closes with its transition rather than vanishing.
  const [challenged, setChallenged] = useState(false);
  if (props.challenge !== null && !challenged) setChallenged(true);
  if (!challenged) return null;
  return (
    <Suspense fallback={null}>
      <EulaDialog {...props} />
    </Suspense>
  );
}
