// The auth calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  logout,
  useGameLogin,
  useLogin,
} from '@/api/gen/auth/auth';
