import { ukDate } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Route, Routes } from 'react-router-dom';
import { api, Button, EmptyState, ErrorPanel, Loading, NotFound, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { useApiMutation, useApiQuery } from '@hcm/kit/data';
import { SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import { MarkNpcCodeSchema, MoveFunderCodeSchema, NPC_TARGETS, type BulkApplied, type BulkPreview, type UtilityChoices } from '../../contract/utility';
import { handleSaved, shiftDay } from '../planning/common';
import styles from './utility.module.css';

// Bulk corrections of visits (/app/utility/visit/move-funder-code and /mark-npc-code), for managers
// (visits.correct): choose the branch, clients and period, preview the visits the change would touch with their
// count, then apply it to exactly those (one transaction, each visit logged, one audit entry).

type Kind = 'move-funder-code' | 'mark-npc-code';
type Values = Record<string, unknown> & { branch_id: string; client_ids: string[] };
const PATH = 'api/v1/utility/visits';
const TITLES: Record<Kind, string> = { 'move-funder-code': 'Move funder code', 'mark-npc-code': 'Mark NPC code' };

function BulkAction({ kind, choices }: { kind: Kind; choices: UtilityChoices }) {
  const today = ukDate();
  const move = kind === 'move-funder-code';
  const form = useForm<Values>({
    resolver: valibotResolver(move ? MoveFunderCodeSchema : MarkNpcCodeSchema) as never,
    defaultValues: {
      branch_id: choices.branches.length === 1 ? String(choices.branches[0]!.id) : '',
      client_ids: [],
      from: shiftDay(today, -28),
      to: today,
      ...(move ? { from_funder_code_id: '', to_funder_code_id: '' } : { npc_code_id: '', which: 'cancelled' }),
    },
  });
  const branchId = useWatch({ control: form.control, name: 'branch_id' });
  const [preview, setPreview] = useState<{ body: Values; answer: BulkPreview } | null>(null);
  const [applied, setApplied] = useState('');
  const ask = useApiMutation<BulkPreview, Values>({ request: (body) => api.post<BulkPreview>(`${PATH}/${kind}/preview`, body) });
  const apply = useApiMutation<BulkApplied, Values>({ request: (body) => api.post<BulkApplied>(`${PATH}/${kind}`, body) });
  const [failure, setFailure] = useState('');

  const handlePreview = form.handleSubmit(async (values) => {
    setApplied('');
    setFailure('');
    const answer = await ask.submit(values);
    if (handleSaved({ ...answer, message: answer.error ? answer.message : '' }, form, 'The preview could not be made.') && answer.data) setPreview({ body: values, answer: answer.data });
    else setPreview(null);
  });
  const handleApply = async () => {
    if (!preview) return;
    setFailure('');
    const complete = preview.answer.visits.length === preview.answer.count;
    const answer = await apply.submit({ ...preview.body, ...(complete ? { visit_ids: preview.answer.visits.map((visit) => String(visit.id)) } : {}) });
    if (answer.error || !answer.data) {
      setFailure(answer.message || 'The change could not be applied.');
      return;
    }
    setApplied(answer.data.summary);
    setPreview(null);
  };

  const clients = choices.clients.filter((client) => !branchId || String(client.branch_id) === String(branchId));
  return (
    <div className={styles.screen}>
      <PageHeader title={TITLES[kind]} />
      <p className={styles.muted}>
        {move ? 'Moves the visits of a period from one funder code to another (for example when a package changes funder).' : 'Marks visits of a period with an NPC code (for example cancelled visits, or a client’s visits while in hospital).'} Preview first: nothing changes until you apply.
      </p>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handlePreview(event)} noValidate aria-label={TITLES[kind]}>
          <div className={styles.grid}>
            <SelectField name="branch_id" label="Branch" options={[{ value: '', label: 'Choose a branch' }, ...choices.branches.map((branch) => ({ value: String(branch.id), label: branch.name }))]} />
            <TextField name="from" label="From" type="date" />
            <TextField name="to" label="To" type="date" />
          </div>
          <label className={styles.field}>
            Clients
            <select multiple {...form.register('client_ids')} aria-describedby="bulk-clients-hint">
              {clients.map((client) => (
                <option key={client.id} value={String(client.id)}>
                  {client.name}
                </option>
              ))}
            </select>
          </label>
          <p id="bulk-clients-hint" className={styles.muted}>
            None chosen: every client of the branch. {form.formState.errors.client_ids?.message ? <span className={styles.error}>{String(form.formState.errors.client_ids.message)}</span> : null}
          </p>
          <div className={styles.grid}>
            {move ? (
              <>
                <SelectField name="from_funder_code_id" label="From funder code" options={[{ value: '', label: 'Choose a funder code' }, ...choices.funder_codes.map((code) => ({ value: String(code.id), label: `${code.code}: ${code.name}` }))]} />
                <SelectField name="to_funder_code_id" label="To funder code" options={[{ value: '', label: 'Choose a funder code' }, ...choices.funder_codes.map((code) => ({ value: String(code.id), label: `${code.code}: ${code.name}` }))]} />
              </>
            ) : (
              <>
                <SelectField name="npc_code_id" label="NPC code" options={[{ value: '', label: 'Choose an NPC code' }, ...choices.npc_codes.map((code) => ({ value: String(code.id), label: `${code.code}: ${code.description}` }))]} />
                <SelectField name="which" label="Which visits" options={NPC_TARGETS.map((target) => ({ value: target.value, label: target.label }))} />
              </>
            )}
          </div>
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>Preview the visits affected</Button>
          </div>
        </form>
      </FormProvider>
      {applied ? <p role="status">{applied}</p> : null}
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
      {preview ? (
        <section className={styles.section} aria-label="Visits affected">
          <h2>
            {preview.answer.count} visit{preview.answer.count === 1 ? '' : 's'} affected
          </h2>
          <p>{preview.answer.summary}</p>
          {preview.answer.count ? (
            <>
              <table className={styles.table}>
                <caption className={styles.muted}>{preview.answer.visits.length < preview.answer.count ? `The first ${preview.answer.visits.length} of ${preview.answer.count}` : 'Every visit the change touches'}</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Start</th>
                    <th scope="col">Client</th>
                    <th scope="col">Status</th>
                    <th scope="col">Funder code</th>
                    <th scope="col">NPC code</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.answer.visits.map((visit) => (
                    <tr key={visit.id}>
                      <td>{formatDate(visit.date) || '—'}</td>
                      <td>{visit.start_time}</td>
                      <td>{visit.client_name}</td>
                      <td>{visit.status}</td>
                      <td>{visit.funder_code ?? 'None'}</td>
                      <td>{visit.npc_code ?? 'None'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className={styles.actions}>
                <Button onClick={() => void handleApply()} disabled={apply.isPending}>
                  Apply to these {preview.answer.count} visit{preview.answer.count === 1 ? '' : 's'}
                </Button>
              </div>
            </>
          ) : (
            <EmptyState>No visit matches: nothing to change.</EmptyState>
          )}
        </section>
      ) : null}
    </div>
  );
}

function UtilityScreen({ kind }: { kind: Kind }) {
  useRouteName(TITLES[kind]);
  const can = useCan();
  const choices = useApiQuery<UtilityChoices>(`${PATH}/choices`, undefined, { failure: 'The choices could not be loaded.', enabled: can('visits.correct') });
  if (!can('visits.correct')) {
    return (
      <>
        <PageHeader title={TITLES[kind]} />
        <EmptyState>Bulk corrections of visits are for managers (visits.correct).</EmptyState>
      </>
    );
  }
  if (choices.data) return <BulkAction kind={kind} choices={choices.data} />;
  // The page's heading shows while its choices load, or when they could not.
  return (
    <>
      <PageHeader title={TITLES[kind]} />
      {choices.error ? (
        <ErrorPanel title="The choices could not be loaded" onRetry={() => void choices.refetch()}>
          {choices.error.message}
        </ErrorPanel>
      ) : (
        <Loading label="Loading the funder and NPC codes…" />
      )}
    </>
  );
}

/** /app/utility/visit/move-funder-code and /app/utility/visit/mark-npc-code. */
export default function VisitUtilities() {
  return (
    <Routes>
      <Route path="move-funder-code" element={<UtilityScreen kind="move-funder-code" />} />
      <Route path="mark-npc-code" element={<UtilityScreen kind="mark-npc-code" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
