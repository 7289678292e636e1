// The users calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  useCreateUser,
  useDisableUser,
  useEnableUser,
  useGetUser,
  useImportUsers,
  useListUsers,
  useUpdateUser,
} from '@/api/gen/users/users';
