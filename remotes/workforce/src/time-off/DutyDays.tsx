import { FormProvider, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import * as v from 'valibot';
import { api, Button, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { DutyPatternSchema, WEEKDAYS, type CarerAvailability, type DutyPattern, type PatternWeek } from '../../contract/time-off';
import type { StaffScreenProps } from '../record/types';
import { handleSaved, Section, staffPath, styles } from './common';
import { formatDateTime } from '@hcm/contract/format';

// duty-days: the carer's weekly pattern (or a fortnight, weeks A and B): each weekday available or not, with one or
// more time windows and a note. The rota reads it, with temporary changes and approved holidays laid over it.

type DayForm = { week: PatternWeek; weekday: number; available: boolean; windows: { from: string; to: string }[]; note: string };
type PatternForm = { fortnightly: boolean; week_a_starts_on: string; days: DayForm[] };

/** Always 14 days in the form (A then B); the body sends week B only for a fortnightly pattern, so indexes match. */
const toBody = (values: PatternForm) => ({
  fortnightly: values.fortnightly,
  week_a_starts_on: values.fortnightly ? values.week_a_starts_on : '',
  days: values.days.slice(0, values.fortnightly ? 14 : 7).map((day) => ({ ...day, windows: day.available ? day.windows : [] })),
});
const FormSchema = v.pipe(
  v.custom<PatternForm>(() => true),
  v.transform(toBody),
  DutyPatternSchema as unknown as v.GenericSchema<ReturnType<typeof toBody>, v.InferOutput<typeof DutyPatternSchema>>,
);

function formOf(pattern: DutyPattern): PatternForm {
  const days = (['A', 'B'] as const).flatMap((week) =>
    WEEKDAYS.map(({ value }) => {
      const found = pattern.days.find((day) => day.week === week && day.weekday === value);
      return { week, weekday: value, available: found?.available ?? false, windows: found?.windows.length ? found.windows : [], note: found?.note ?? '' };
    }),
  );
  return { fortnightly: pattern.fortnightly, week_a_starts_on: pattern.week_a_starts_on ?? '', days };
}

function DayFields({ index, label }: { index: number; label: string }) {
  const { control, watch } = useFormContext<PatternForm>();
  const windows = useFieldArray({ control, name: `days.${index}.windows` });
  const available = watch(`days.${index}.available`);
  return (
    <fieldset className={styles.day}>
      <legend>{label}: {available ? 'available' : 'not available'}</legend>
      <CheckboxField name={`days.${index}.available`} label={`Available on ${label}`} />
      {available ? (
        <>
          {windows.fields.map((field, position) => (
            <div className={styles.window} key={field.id}>
              <TextField name={`days.${index}.windows.${position}.from`} label={`${label}, window ${position + 1} from`} type="time" />
              <TextField name={`days.${index}.windows.${position}.to`} label={`${label}, window ${position + 1} to`} type="time" />
              <Button variant="secondary" onClick={() => windows.remove(position)}>Remove window {position + 1}</Button>
            </div>
          ))}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => windows.append({ from: '08:00', to: '14:00' })}>Add a time window on {label}</Button>
          </div>
        </>
      ) : null}
      <TextField name={`days.${index}.note`} label={`Note for ${label}`} />
    </fieldset>
  );
}

function PatternEditor({ ownerId, data }: { ownerId: number; data: CarerAvailability }) {
  const can = useCan();
  const path = staffPath('carers', ownerId, 'availability');
  const form = useForm<PatternForm>({ resolver: valibotResolver(FormSchema), values: formOf(data.pattern), resetOptions: { keepDirtyValues: false } });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<DutyPattern, PatternForm>({ request: (values) => api.put<DutyPattern>(path, toBody(values)), invalidates: [apiKey(path)] });
  const fortnightly = form.watch('fortnightly');
  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await save.submit(form.getValues()), form, 'The duty days could not be saved.')) leaveWithoutWarning();
  });
  const p = data.pattern;
  return (
    <Section title="Duty days">
      <p className={styles.muted}>
        {p.updated_at ? `${p.days_per_week} days and ${p.hours_per_week} hours a week. Last changed ${formatDateTime(p.updated_at)}${p.updated_by_name ? ` by ${p.updated_by_name}` : ''}.` : 'No duty days set yet: the rota shows this carer as not set.'}
        {data.carer.contracted_hours !== null ? ` Contracted: ${data.carer.contracted_hours} hours a week.` : ''}
      </p>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Duty days">
          <fieldset disabled={!can('carers.edit')} className={styles.form}>
            <CheckboxField name="fortnightly" label="A fortnightly pattern (weeks A and B)" />
            {fortnightly ? <TextField name="week_a_starts_on" label="Week A starts on (a Monday)" type="date" /> : null}
            {(fortnightly ? (['A', 'B'] as const) : (['A'] as const)).map((week) => (
              <section key={week} aria-label={fortnightly ? `Week ${week}` : 'Every week'} className={styles.form}>
                {fortnightly ? <h3>Week {week}</h3> : null}
                {WEEKDAYS.map((weekday, position) => {
                  const index = (week === 'A' ? 0 : 7) + position;
                  return <DayFields key={index} index={index} label={fortnightly ? `${weekday.label} (week ${week})` : weekday.label} />;
                })}
              </section>
            ))}
            <div className={styles.actions}>
              <Button type="submit" disabled={form.formState.isSubmitting}>Save duty days</Button>
            </div>
          </fieldset>
        </form>
      </FormProvider>
    </Section>
  );
}

export default function DutyDays({ owner, ownerId }: StaffScreenProps) {
  const availability = useApiQuery<CarerAvailability>(staffPath('carers', ownerId, 'availability'), undefined, { failure: 'The duty days could not be loaded.', enabled: owner === 'carers' });
  if (owner !== 'carers') return <Section title="Duty days"><p>Duty days are kept for carers only.</p></Section>;
  if (availability.error) return <ErrorPanel title="The duty days could not be loaded" onRetry={() => void availability.refetch()}>{availability.error.message}</ErrorPanel>;
  if (!availability.data) return <Loading label="Loading duty days…" />;
  return (
    <div className={styles.screen}>
      <PatternEditor ownerId={ownerId} data={availability.data} />
    </div>
  );
}
