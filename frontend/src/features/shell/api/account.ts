// The account calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  useGetDashboard,
  useGetMe,
} from '@/api/gen/account/account';
