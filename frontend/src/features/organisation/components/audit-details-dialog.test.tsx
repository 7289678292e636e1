import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { AuditAction } from '@/api/gen/playtrack.schemas';
import { LANGUAGES } from '@/lib/i18n';
import { actionLabel, changedFields, fieldLabel, otherDetails, valueText } from './audit-details-dialog';

describe('an audit event', () => {
  it('shows only the fields that changed, before and after', () => {
    const details = {
      before: { id: 'b1', name: 'Meridian', active: true, remark: '' },
      after: { id: 'b1', name: 'Meridian Bank', active: false, remark: '' },
    };
    expect(changedFields(details)).toEqual([
      ['name', 'Meridian', 'Meridian Bank'],
      ['active', true, false],
    ]);
  });

  it('shows every field of a new record as set from nothing, but not its id', () => {
    const details = { before: null, after: { id: 'u1', name: 'Ada', locale: 'it' } };
    expect(changedFields(details)).toEqual([
      ['name', undefined, 'Ada'],
      ['locale', undefined, 'it'],
    ]);
  });

  it('keeps what else an event recorded apart from its changes', () => {
    const moved = { user_id: 'u1', before: 'batch-a', after: 'batch-b' };
    expect(changedFields(moved)).toEqual([['', 'batch-a', 'batch-b']]);
    expect(otherDetails(moved)).toEqual([['user_id', 'u1']]);
    expect(changedFields({ tries: 3 })).toEqual([]);
  });

  it('names every action the server can record in all six languages', () => {
    for (const language of LANGUAGES) {
      const t = i18n.getFixedT(language, 'organisation');
      for (const action of Object.values(AuditAction)) {
        const key = `audit.actions.${action.replace('.', '__')}`;
        // The language's own text, not the English one by fallback.
        expect(i18n.getResource(language, 'organisation', key), `${language}: ${action}`).toEqual(expect.any(String));
        expect(actionLabel(t, action)).not.toBe(action);
      }
    }
  });

  it('names its action, fields and values in the reader language, and keeps an unknown code as it is', () => {
    const t = i18n.getFixedT('fr', 'organisation');
    expect(actionLabel(t, 'company.updated')).toBe('Entreprise modifiée');
    expect(actionLabel(t, 'sign_out')).toBe('Déconnexion');
    expect(actionLabel(t, 'something.new')).toBe('something.new');
    expect(fieldLabel(t, 'contact_person')).toBe('Personne à contacter');
    expect(fieldLabel(t, 'shoe_size')).toBe('shoe_size');
    expect(valueText(t, false)).toBe('Non');
    expect(valueText(t, null)).toBe('—');
  });
});
