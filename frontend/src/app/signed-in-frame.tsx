// The signed-in frame; the idle timer lives only here, so it never runs on a public page.
import { IdleLogout } from '@/features/auth/components/idle-logout';
import { ShellLayout } from '@/features/shell/components/shell-layout';

export function SignedInFrame() {
  return (
    <>
      <IdleLogout />
      <ShellLayout />
    </>
  );
}
