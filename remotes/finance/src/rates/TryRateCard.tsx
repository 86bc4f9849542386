import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import * as v from 'valibot';
import type { Page } from '@hcm/contract';
import { londonDate, referenceId } from '@hcm/contract/engine';
import { api, Button, resourcePath } from '@hcm/kit';
import { useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import { SHORTEST_BAND_RULE } from '../../contract/rates/charge';
import { RateTrySchema } from '../../contract/rates/resources';
import type { DayKind, VisitCharge } from '../../contract/rates/types';
import { WARNING_WORDS } from '../../contract/invoicing';
import styles from './rates.module.css';
import { formatDate, formatMoney } from '@hcm/contract/format';

// "Try a rate card" on the rate cards screen: a made-up visit priced by GET /finance/rate-cards/:id/try, the same
// engine and rate book an invoice run uses, with the sentence that explains the sum. The form checks its fields
// with the API's own schema (RateTrySchema) plus the card chosen.

type CardRow = { id: number; funder_code_id: number; name: string; valid_from: string; valid_to: string | null };
type FunderRow = { id: number; name: string };
type Values = { rate_card_id: string; date: string; start: string; minutes: string; carers: string };

const TrySchema = v.strictObject({ rate_card_id: referenceId('Rate card'), ...RateTrySchema.entries });

const DAY_KINDS: Record<DayKind, string> = { weekday: 'Weekday', weekend: 'Weekend', 'bank-holiday': 'Bank holiday' };

const cardDates = (card: CardRow) => (card.valid_to ? `${formatDate(card.valid_from)} to ${formatDate(card.valid_to)}` : `from ${formatDate(card.valid_from)}`);

/** The price of a tried visit, the kind of day (a bank holiday said out loud) and how the sum was worked out. */
function TriedPrice({ charge }: { charge: VisitCharge }) {
  return (
    <section className={styles.result} aria-labelledby="tried-price" aria-live="polite">
      <h3 id="tried-price">Price: {charge.postable ? formatMoney(charge.total_pence) : 'cannot be priced'}</h3>
      <dl className={styles.facts}>
        <div>
          <dt>Kind of day</dt>
          <dd>{DAY_KINDS[charge.day_kind]}</dd>
        </div>
        <div>
          <dt>Bank holiday</dt>
          <dd>{charge.day_kind === 'bank-holiday' ? 'Yes: the bank-holiday rate applies' : 'No'}</dd>
        </div>
        <div>
          <dt>Billed minutes</dt>
          <dd>{charge.billed_minutes}</dd>
        </div>
        {charge.charged_as ? (
          <div>
            <dt>Charged as</dt>
            <dd>{charge.charged_as}</dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.sentence}>{charge.explanation}</p>
      {charge.warnings.length ? <p className={styles.warning}>{charge.warnings.map((warning) => WARNING_WORDS[warning]).join('; ')}</p> : null}
    </section>
  );
}

export function TryRateCard() {
  const cards = useApiQuery<Page<CardRow>>(resourcePath('rate-cards'), { page: 1, page_size: 100, sort: 'valid_from', mode: 'desc' });
  const funders = useApiQuery<Page<FunderRow>>(resourcePath('funder-codes'), { page: 1, page_size: 100 });
  const funderName = new Map((funders.data?.data ?? []).map((funder) => [funder.id, funder.name]));
  const form = useForm<Values>({
    resolver: valibotResolver(TrySchema) as never,
    defaultValues: { rate_card_id: '', date: londonDate(), start: '09:00', minutes: '30', carers: '1' },
  });
  const [charge, setCharge] = useState<VisitCharge | null>(null);
  const [message, setMessage] = useState('');
  const tryCard = useApiMutation<VisitCharge, v.InferOutput<typeof TrySchema>>({
    request: ({ rate_card_id: id, ...trial }) =>
      api.get<VisitCharge>(`api/v1/finance/rate-cards/${id}/try`, { date: trial.date, start: trial.start, minutes: trial.minutes, carers: trial.carers }),
  });

  const submit = form.handleSubmit(async (values) => {
    setMessage('');
    setCharge(null);
    const answer = await tryCard.submit(values as unknown as v.InferOutput<typeof TrySchema>);
    if (answer.httpStatus === 422 && answer.errors) return applyServerErrors(form.setError, answer.errors);
    if (answer.error || !answer.data) return setMessage(answer.message || 'The card could not be tried.');
    setCharge(answer.data);
  });

  const options = (cards.data?.data ?? []).map((card) => ({
    value: String(card.id),
    label: `${funderName.get(card.funder_code_id) ?? 'Funder'}: ${card.name} (${cardDates(card)})`,
  }));
  return (
    <section className={styles.try} aria-labelledby="try-rate-card">
      <h2 id="try-rate-card">Try a rate card</h2>
      <p className={styles.muted}>
        Price a made-up visit, delivered and confirmed, as an invoice run would on that day. {SHORTEST_BAND_RULE}
      </p>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Try a rate card">
          <div className={styles.grid}>
            <SelectField name="rate_card_id" label="Funder and rate card" options={[{ value: '', label: 'Choose a card' }, ...options]} />
            <TextField name="date" label="Date" type="date" />
            <TextField name="start" label="Start time" type="time" />
            <TextField name="minutes" label="Duration (minutes)" inputMode="numeric" />
            <SelectField
              name="carers"
              label="Carers"
              options={[
                { value: '1', label: '1 carer' },
                { value: '2', label: '2 carers (double-up)' },
              ]}
            />
          </div>
          <div>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Work out the price
            </Button>
          </div>
          {message ? (
            <p role="alert" className={styles.error}>
              {message}
            </p>
          ) : null}
        </form>
      </FormProvider>
      {charge ? <TriedPrice charge={charge} /> : null}
    </section>
  );
}
