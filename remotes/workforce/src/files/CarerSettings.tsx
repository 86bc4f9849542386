import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import { CarerSettingsSchema, CLIENT_TYPES, TRANSPORT_MODES, type CarerSettings as Settings } from '../../contract/files';
import type { StaffScreenProps } from '../record/types';
import { handleSaved, options, Section, staffPath, styles } from './common';
import { formatDateTime } from '@hcm/contract/format';

// settings: the carer's access to the carers' app, how they want to be told things, and the preferences the rota
// reads (most hours a week, furthest travel, how they travel, the kinds of client they work with).

type SettingsForm = {
  app_access: boolean;
  notify_sms: boolean;
  notify_email: boolean;
  notify_app: boolean;
  max_weekly_hours: string;
  max_travel_miles: string;
  transport_mode: string;
  client_types: string[];
};

const formOf = (settings: Settings): SettingsForm => ({
  app_access: settings.app_access,
  notify_sms: settings.notify_sms,
  notify_email: settings.notify_email,
  notify_app: settings.notify_app,
  max_weekly_hours: settings.max_weekly_hours === null ? '' : String(settings.max_weekly_hours),
  max_travel_miles: settings.max_travel_miles === null ? '' : String(settings.max_travel_miles),
  transport_mode: settings.transport_mode,
  client_types: settings.client_types,
});

function SettingsEditor({ ownerId, settings, canEdit }: { ownerId: number; settings: Settings; canEdit: boolean }) {
  const form = useForm<SettingsForm>({ resolver: valibotResolver(CarerSettingsSchema), defaultValues: formOf(settings) });
  const save = useApiMutation<Settings, SettingsForm>({ request: (values) => api.put<Settings>(staffPath('carers', ownerId, 'settings'), values), invalidates: [apiKey(staffPath('carers', ownerId, 'settings'))] });
  const handleSave = form.handleSubmit(async () => {
    const values = form.getValues();
    if (handleSaved(await save.submit({ ...values, client_types: values.client_types || [] }), form, 'The settings could not be saved.')) form.reset(values);
  });
  const typesError = form.formState.errors.client_types?.message;
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Carer settings">
        <fieldset className={styles.choices} disabled={!canEdit}>
          <legend>Access and notifications</legend>
          <CheckboxField name="app_access" label="May sign in to the carers’ app" />
          <CheckboxField name="notify_sms" label="Tell them by text message (SMS)" />
          <CheckboxField name="notify_email" label="Tell them by email" />
          <CheckboxField name="notify_app" label="Tell them in the app" />
        </fieldset>
        <fieldset className={styles.choices} disabled={!canEdit}>
          <legend>What the rota should know</legend>
          <div className={styles.grid}>
            <TextField name="max_weekly_hours" label="Most hours a week they want" type="number" min={1} max={60} hint="A wish, not a legal cap (a visa’s cap is on the right to work tab)." />
            <TextField name="max_travel_miles" label="Furthest travel (miles)" type="number" min={1} max={100} />
            <SelectField name="transport_mode" label="Travels by" options={options(TRANSPORT_MODES)} />
          </div>
        </fieldset>
        <fieldset className={styles.choices} disabled={!canEdit} aria-describedby={typesError ? 'client-types-error' : undefined}>
          <legend>Clients they can work with</legend>
          {CLIENT_TYPES.map((type) => (
            <label key={type.value}>
              <input type="checkbox" value={type.value} {...form.register('client_types')} />
              {type.label}
            </label>
          ))}
          {typesError ? <span id="client-types-error" className={styles.error} role="alert">{typesError}</span> : null}
        </fieldset>
        <p className={styles.muted}>{settings.saved_at ? `Last saved ${formatDateTime(settings.saved_at)} by ${settings.saved_by_name}.` : 'Never saved: these are the defaults.'}</p>
        {canEdit ? (
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>Save settings</Button>
          </div>
        ) : null}
      </form>
    </FormProvider>
  );
}

export default function CarerSettings({ owner, ownerId }: StaffScreenProps) {
  const can = useCan();
  const settings = useApiQuery<Settings>(staffPath(owner, ownerId, 'settings'), undefined, { failure: 'The settings could not be loaded.' });
  return (
    <div className={styles.screen}>
      <Section title="Settings">
        {settings.error ? <ErrorPanel title="The settings could not be loaded" onRetry={() => void settings.refetch()}>{settings.error.message}</ErrorPanel> : null}
        {settings.data ? <SettingsEditor key={settings.data.saved_at ?? 'defaults'} ownerId={ownerId} settings={settings.data} canEdit={can('carers.edit')} /> : !settings.error ? <Loading label="Loading the settings…" /> : null}
      </Section>
    </div>
  );
}
