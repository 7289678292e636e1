// The passwords calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  useAcceptInvitation,
  useForgotPassword,
  useGetInvitation,
  useResetPassword,
} from '@/api/gen/passwords/passwords';
