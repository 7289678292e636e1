// What the forms take for an e-mail address before the server decides: zod's own pattern, held
// here so that a form without zod (the sign-in form, which /login loads first) checks the same.
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What is wrong with a typed address, trimmed: nothing, missing, or not an address. */
export function emailProblem(raw: string): 'required' | 'invalid' | undefined {
  const email = raw.trim();
  if (email === '') return 'required';
  return EMAIL_PATTERN.test(email) ? undefined : 'invalid';
}
