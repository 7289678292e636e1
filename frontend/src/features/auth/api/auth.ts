// The auth calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  logout,
  useFinishSso,
  useGameLogin,
  useLogin,
  useStartSso,
} from '@/api/gen/auth/auth';
