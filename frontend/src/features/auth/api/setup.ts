// The setup calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  useCompleteSetup,
} from '@/api/gen/setup/setup';
