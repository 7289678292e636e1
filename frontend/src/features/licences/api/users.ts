// The users calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  useListUsers,
} from '@/api/gen/users/users';
