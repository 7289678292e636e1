// The sign-up calls this feature makes, from the generated client: its screens reach the
// server only through this folder.
export {
  useCompleteSignUp,
  useGetSignUpConfirmation,
  useGetSignUpLink,
  useSignUp,
} from '@/api/gen/sign-up/sign-up';
