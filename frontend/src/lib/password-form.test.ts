import { newPasswordSchema } from './password-form';
import { invitationDefaultPolicy, newPasswordPolicy } from './password-policy';

/** The message keys a submission fails with, by field. */
function failures(schema: ReturnType<typeof newPasswordSchema>, password: string, confirm = password) {
  const result = schema.safeParse({ password, confirm });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the new-password schema', () => {
  const seedRule = newPasswordSchema({ policy: newPasswordPolicy, ruleMessage: 'passwords:newPasswordRule' });

  it('accepts a password meeting the rule, confirmed', () => {
    expect(failures(seedRule, 'Zorbel-lamp42')).toEqual({});
  });

  it("asks for both fields with the seed's messages", () => {
    expect(failures(seedRule, '', '')).toEqual({
      password: 'passwords:form.passwordRequired',
      confirm: 'passwords:form.confirmRequired',
    });
  });

  it("names the seed's rule for any unmet rule of the policy", () => {
    for (const password of ['Zorbel-l4', 'zorbel-lamp-42', 'ZorbelLamp4242', 'Zorbel-lamp-and-vine-42']) {
      expect(failures(seedRule, password)).toEqual({ password: 'passwords:newPasswordRule' });
    }
  });

  it('says a common password is too common, and personal information is personal', () => {
    expect(failures(seedRule, 'Password123!')).toEqual({ password: 'errors:field.NOT_COMMON' });
    const asha = newPasswordSchema({
      policy: newPasswordPolicy,
      owner: { email: 'asha.rao@meridian.example', name: 'Asha Rao' },
      ruleMessage: 'passwords:newPasswordRule',
    });
    expect(failures(asha, 'Q-Rao-2024z!')).toEqual({ password: 'errors:field.NO_PERSONAL_INFO' });
  });

  it('reports a differing confirmation on the confirmation', () => {
    expect(failures(seedRule, 'Zorbel-lamp42', 'Zorbel-lamp43')).toEqual({
      confirm: 'passwords:form.confirmMismatch',
    });
  });

  it("follows the policy it is given (an invitation's)", () => {
    const invitation = newPasswordSchema({ policy: invitationDefaultPolicy, ruleMessage: 'errors:PASSWORD_POLICY' });
    expect(failures(invitation, 'Zorbel4')).toEqual({});
    expect(failures(invitation, 'Qu4rt')).toEqual({ password: 'errors:PASSWORD_POLICY' });
  });
});
