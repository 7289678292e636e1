import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { actionLabel, changedFields } from './audit-details-dialog';

describe('an audit event', () => {
  it('shows only the fields that changed, before and after', () => {
    const details = { before: { name: 'Meridian', active: true, remark: '' }, after: { name: 'Meridian Bank', active: true, remark: '' } };
    expect(changedFields(details)).toEqual([['name', 'Meridian', 'Meridian Bank']]);
  });

  it('names its action in the reader language, and keeps an unknown code as it is', async () => {
    await i18n.changeLanguage('fr');
    const t = i18n.getFixedT('fr', 'organisation');
    expect(actionLabel(t, 'company.updated')).toBe('Entreprise modifiée');
    expect(actionLabel(t, 'something.new')).toBe('something.new');
    await i18n.changeLanguage('en');
  });
});
