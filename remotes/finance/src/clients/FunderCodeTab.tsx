import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ClientFundingSchema, type ClientFunding, type ClientFundingAnswer } from '../../contract/funding';
import { formatDateTime } from '@hcm/contract/format';

type FormValues = {
  version: number;
  funder_code_id: string;
  purchase_order: string;
  council_reference: string;
  billing_name: string;
  billing_address: string;
  billing_email: string;
  notes: string;
};

const valuesOf = (funding: ClientFunding): FormValues => ({
  version: funding.version,
  funder_code_id: funding.funder_code_id === null ? '' : String(funding.funder_code_id),
  purchase_order: funding.purchase_order,
  council_reference: funding.council_reference,
  billing_name: funding.billing_name,
  billing_address: funding.billing_address,
  billing_email: funding.billing_email,
  notes: funding.notes,
});

/**
 * The client record's funder-code tab: who pays for the client's care and what their invoices must carry: the
 * funder, the council's purchase order and reference, and a private payer's billing name, address and email.
 * Finance officers with finance.rates.edit change it; others read it.
 */
export default function FunderCodeTab({ clientId }: { clientId: number }) {
  const can = useCan();
  const editable = can('finance.rates.edit');
  const path = `api/v1/finance/clients/${clientId}/funding`;
  const answer = useApiQuery<ClientFundingAnswer>(path, undefined, { failure: 'The funding details could not be loaded.' });
  const save = useApiMutation<ClientFunding, FormValues>({ request: (values) => api.put<ClientFunding>(path, values), invalidates: [apiKey(path)] });
  const form = useForm<FormValues>({ resolver: valibotResolver(ClientFundingSchema) as never, defaultValues: valuesOf(answer.data?.funding ?? emptyFunding(clientId)) });
  const [message, setMessage] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const loaded = answer.data?.funding;
  useEffect(() => {
    if (loaded) form.reset(valuesOf(loaded));
  }, [loaded, form]);

  const funderId = form.watch('funder_code_id');
  if (answer.error) {
    return (
      <ErrorPanel title="The funding details could not be loaded" onRetry={() => void answer.refetch()}>
        {answer.error.message}
      </ErrorPanel>
    );
  }
  if (!answer.data) return <Loading label="Loading the funding details…" />;
  const { funders, funding } = answer.data;
  const funder = funders.find((row) => String(row.id) === funderId);

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const result = await save.submit(values);
    if (result.httpStatus === 422) return applyServerErrors(form.setError, result.errors);
    if (result.error || !result.data) return setMessage({ kind: 'error', text: result.message || 'The funding details could not be saved.' });
    form.reset(valuesOf(result.data));
    setMessage({ kind: 'saved', text: 'Funding details saved.' });
  });

  return (
    <section aria-labelledby="funder-code-heading">
      <h2 id="funder-code-heading">Funding</h2>
      <p>
        {funding.version === 0
          ? 'No funding details yet: invoices use the funder on the client’s visits and their name and address.'
          : `Last changed ${funding.updated_at ? formatDateTime(funding.updated_at) : ''}${funding.updated_by_name ? ` by ${funding.updated_by_name}` : ''}.`}
      </p>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Funding details">
          <fieldset disabled={!editable || form.formState.isSubmitting}>
            <SelectField name="funder_code_id" label="Funder" options={[{ value: '', label: 'Not set' }, ...funders.map((row) => ({ value: String(row.id), label: `${row.code}: ${row.name}` }))]} />
            <TextField name="purchase_order" label="Purchase order" hint="The commissioner's purchase order, printed on council invoices" />
            <TextField name="council_reference" label="Council reference" hint="The council's id for the client; can replace the name on invoices" />
            <TextField
              name="billing_name"
              label="Billing name"
              hint={funder?.funder_type === 'private' ? 'Who the invoice is addressed to (the client, a relative or an attorney)' : 'For private payers'}
            />
            <TextAreaField name="billing_address" label="Billing address" hint="One line per address line; empty: the client's own address" />
            <TextField name="billing_email" label="Billing email" type="email" />
            <TextAreaField name="notes" label="Notes" />
          </fieldset>
          {editable ? (
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Save funding details
            </Button>
          ) : (
            <p>You may read these details; changing them needs the rate editing permission.</p>
          )}
        </form>
      </FormProvider>
      {message ? <p role={message.kind === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
    </section>
  );
}

function emptyFunding(clientId: number): ClientFunding {
  return { client_id: clientId, funder_code_id: null, purchase_order: '', council_reference: '', billing_name: '', billing_address: '', billing_email: '', notes: '', version: 0, updated_by_name: null, updated_at: null };
}
