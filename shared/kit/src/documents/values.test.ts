import { defineDocument } from '@hcm/contract/documents';
import { contentToSave, formFieldOfServerKey, formValuesOf, liveValuesOf, META } from './values';

// A question hidden by another hidden one: the smoke alarm's test date hangs on having an alarm, which hangs on
// living alone.
const home = defineDocument({
  name: 'home-safety',
  title: 'Home safety',
  permissions: { view: 'clients.view', edit: 'clients.edit' },
  sections: [
    {
      key: 'home',
      title: 'Home',
      fields: [
        { key: 'lives_alone', label: 'Lives alone', kind: 'yes-no' },
        { key: 'smoke_alarm', label: 'Smoke alarm fitted', kind: 'yes-no', showWhen: { field: 'lives_alone', equals: [true] } },
        { key: 'alarm_tested_on', label: 'Alarm last tested', kind: 'date', showWhen: { field: 'smoke_alarm', equals: [true] } },
        { key: 'rooms', label: 'Rooms used', kind: 'number' },
        { key: 'signed', label: 'Signed', kind: 'signature' },
      ],
    },
  ],
});

describe('the form’s values and the stored ones', () => {
  it('turns stored answers into what inputs hold, and back as typed', () => {
    const form = formValuesOf(home, { lives_alone: true, smoke_alarm: false, rooms: 3, signed: null }, { review_date: '2026-05-01' });
    expect(form).toEqual({
      lives_alone: 'yes',
      smoke_alarm: 'no',
      alarm_tested_on: '',
      rooms: '3',
      signed: { name: '', role: '', signed_at: '' },
      [META]: { review_date: '2026-05-01', note: '' },
    });
    expect(liveValuesOf(home, { ...form, rooms: '4.' })).toMatchObject({ lives_alone: true, smoke_alarm: false, rooms: 4, signed: null });
    expect(liveValuesOf(home, { ...form, rooms: 'four' })).toMatchObject({ rooms: null });
  });

  it('empties a question whose condition fails, and one whose condition is itself hidden', () => {
    const typed = { lives_alone: 'no', smoke_alarm: 'yes', alarm_tested_on: '2026-01-02', rooms: '', signed: { name: 'A', role: '', signed_at: '' } };
    expect(contentToSave(home, typed)).toEqual({ lives_alone: 'no', smoke_alarm: null, alarm_tested_on: '', rooms: '', signed: { name: 'A', role: '', signed_at: '' } });
    expect(contentToSave(home, { ...typed, lives_alone: 'yes' })).toMatchObject({ smoke_alarm: 'yes', alarm_tested_on: '2026-01-02' });
  });

  it('finds the form field of each key the server names', () => {
    expect(formFieldOfServerKey(home, 'rooms')).toBe('rooms');
    expect(formFieldOfServerKey(home, 'signed.role')).toBe('signed.role');
    expect(formFieldOfServerKey(home, 'review_date')).toBe(`${META}.review_date`);
    expect(formFieldOfServerKey(home, 'note')).toBe(`${META}.note`);
    expect(formFieldOfServerKey(home, 'status')).toBeNull();
  });
});
