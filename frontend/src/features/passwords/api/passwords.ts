// The passwords calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  useChangePassword,
  useSendInvitation,
  useSendPasswordReset,
} from '@/api/gen/passwords/passwords';
