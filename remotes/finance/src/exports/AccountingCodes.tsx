import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, ErrorPanel, Loading } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, TextField, valibotResolver } from '@hcm/kit/forms';
import { DEFAULT_EXPORT_SETTINGS, EXPORT_SETTING_LABELS, ExportSettingsSchema, type ExportSettings, type ExportSettingsValues } from '../../contract/export-settings';
import { formatDateTime } from '@hcm/contract/format';

const SETTINGS = 'api/v1/finance/export-settings';

const valuesOf = (settings: ExportSettingsValues): ExportSettingsValues => ({
  xero_sales_account: settings.xero_sales_account,
  sage_sales_nominal: settings.sage_sales_nominal,
  sage_bank_nominal: settings.sage_bank_nominal,
  sage_funder_prefix: settings.sage_funder_prefix,
  sage_client_prefix: settings.sage_client_prefix,
});

const HINTS: Record<keyof ExportSettingsValues, string> = {
  xero_sales_account: `The account every invoice and credit note line goes to in Xero (default ${DEFAULT_EXPORT_SETTINGS.xero_sales_account}, Sales)`,
  sage_sales_nominal: `Where invoices and credit notes are posted in Sage 50 (default ${DEFAULT_EXPORT_SETTINGS.sage_sales_nominal})`,
  sage_bank_nominal: `The bank account receipts are paid into in Sage 50 (default ${DEFAULT_EXPORT_SETTINGS.sage_bank_nominal}, Bank Current Account)`,
  sage_funder_prefix: `A funder's Sage account is this and its id, e.g. ${DEFAULT_EXPORT_SETTINGS.sage_funder_prefix}7`,
  sage_client_prefix: `A private client's Sage account is this and their id, e.g. ${DEFAULT_EXPORT_SETTINGS.sage_client_prefix}12`,
};

/**
 * The accounting codes section of export/finance: the Xero account code, Sage's sales and bank nominal codes and
 * the prefixes of Sage's customer account references the exports write (finance's own settings; checked here and
 * by the server with one schema, the server's refusals shown beside their fields).
 */
export function AccountingCodes() {
  const answer = useApiQuery<ExportSettings>(SETTINGS, undefined, { failure: 'The accounting codes could not be loaded.' });
  const save = useApiMutation<ExportSettings, ExportSettingsValues>({ request: (values) => api.put<ExportSettings>(SETTINGS, values), invalidates: [apiKey(SETTINGS)] });
  const form = useForm<ExportSettingsValues>({ resolver: valibotResolver(ExportSettingsSchema) as never, defaultValues: valuesOf(answer.data ?? DEFAULT_EXPORT_SETTINGS) });
  const [message, setMessage] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const loaded = answer.data;
  useEffect(() => {
    if (loaded) form.reset(valuesOf(loaded));
  }, [loaded, form]);

  if (answer.error) {
    return (
      <ErrorPanel title="The accounting codes could not be loaded" onRetry={() => void answer.refetch()}>
        {answer.error.message}
      </ErrorPanel>
    );
  }
  if (!loaded) return <Loading label="Loading the accounting codes…" />;

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const result = await save.submit(values);
    if (result.httpStatus === 422) return applyServerErrors(form.setError, result.errors);
    if (result.error || !result.data) return setMessage({ kind: 'error', text: result.message || 'The accounting codes could not be saved.' });
    form.reset(valuesOf(result.data));
    setMessage({ kind: 'saved', text: 'Accounting codes saved.' });
  });

  return (
    <section aria-labelledby="accounting-codes-heading">
      <h2 id="accounting-codes-heading">Accounting codes</h2>
      <p>
        The codes the Xero and Sage files carry.{' '}
        {loaded.updated_at ? `Last changed ${formatDateTime(loaded.updated_at)}${loaded.updated_by_name ? ` by ${loaded.updated_by_name}` : ''}.` : 'Not changed yet: these are the defaults.'}
      </p>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Accounting codes">
          <fieldset disabled={form.formState.isSubmitting}>
            {(Object.keys(EXPORT_SETTING_LABELS) as (keyof ExportSettingsValues)[]).map((key) => (
              <TextField key={key} name={key} label={EXPORT_SETTING_LABELS[key]} hint={HINTS[key]} />
            ))}
          </fieldset>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save the accounting codes
          </Button>
        </form>
      </FormProvider>
      {message ? <p role={message.kind === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
    </section>
  );
}
