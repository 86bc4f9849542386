import { useEffect, useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, EmptyState, ErrorPanel, Loading, PageHeader, notify, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { BUR_STATUSES, BurCreateSchema, BurUpdateSchema, type BurAction, type BurReview } from '../../contract/kpis/api';
import { BUR_DEFINITIONS } from '../../contract/kpis/definitions';
import type { BurFigures } from '../../contract/kpis/formulas';
import { Definitions, HowCounted, hours, percent, styles, todayIso, useBranchChoices } from './common';
import { formatDate } from '@hcm/contract/format';

const REVIEWS = 'api/v1/kpis/bur';
const statusLabel = (status: string) => BUR_STATUSES.find((item) => item.value === status)?.label ?? status;

/** The review's computed figures, each with its definition. */
export function BurFiguresTable({ figures, caption }: { figures: BurFigures; caption: string }) {
  const rows: [string, string][] = [
    ['contracted_hours', hours(figures.contracted_hours)],
    ['rostered_hours', hours(figures.rostered_hours)],
    ['utilisation_percent', percent(figures.utilisation_percent)],
    ['delivered_hours', hours(figures.delivered_hours)],
    ['unfilled_visits', String(figures.unfilled_visits)],
    ['travel_share_percent', `${percent(figures.travel_share_percent)} (${hours(figures.travel_hours)})`],
  ];
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col" className={styles.number}>Value</th>
          <th scope="col">How is this counted?</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, value]) => {
          const definition = BUR_DEFINITIONS.find((item) => item.key === key);
          return (
            <tr key={key}>
              <th scope="row">{definition?.label ?? key}</th>
              <td className={styles.number}>{value}</td>
              <td>
                <HowCounted definition={definition} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Branch utilisation reviews (/app/kpis/bur): one per branch and month, newest month first. */
export function BurList() {
  useRouteName('Branch utilisation reviews');
  const can = useCan();
  const [page, setPage] = useState(1);
  const list = useApiQuery<Page<BurReview>>(REVIEWS, { page, page_size: 25, sort: 'month', mode: 'desc' }, { keepPrevious: true });
  const rows = list.data?.data ?? [];
  return (
    <div className={styles.screen}>
      <PageHeader title="Branch utilisation reviews" actions={can('kpis.edit') ? <ButtonLink to="/app/kpis/bur/add">New review</ButtonLink> : undefined} />
      {list.isError ? <ErrorPanel title="The reviews could not be loaded." onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Loading /> : null}
      {list.data && rows.length === 0 ? <EmptyState>No branch utilisation review yet.</EmptyState> : null}
      {rows.length ? (
        <table className={styles.table}>
          <caption>Branch utilisation reviews</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Branch</th>
              <th scope="col" className={styles.number}>Utilisation</th>
              <th scope="col" className={styles.number}>Delivered</th>
              <th scope="col" className={styles.number}>Unfilled visits</th>
              <th scope="col">Actions</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className={styles.hidden}>Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.month}</td>
                <td>{row.branch_name}</td>
                <td className={styles.number}>{percent(row.figures.utilisation_percent)}</td>
                <td className={styles.number}>{hours(row.figures.delivered_hours)}</td>
                <td className={styles.number}>{row.figures.unfilled_visits}</td>
                <td>{row.actions.length}</td>
                <td>{statusLabel(row.status)}</td>
                <td>
                  <Link to={`/app/kpis/bur/${row.id}/edit`}>
                    {row.status === 'final' || !can('kpis.edit') ? 'View' : 'Edit'}
                    <span className={styles.hidden}>
                      {' '}
                      {row.branch_name} {row.month}
                    </span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data && list.data.last_page > 1 ? (
        <nav aria-label="Pages" className={styles.filters}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <Button variant="secondary" disabled={page >= list.data.last_page} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
      <Definitions definitions={BUR_DEFINITIONS} version="current" />
    </div>
  );
}

type FormValues = { branch_id: string; month: string; commentary: string; status: 'draft' | 'final'; actions: BurAction[]; version?: number; recompute?: boolean };

/** Add (/app/kpis/bur/add) or edit (/app/kpis/bur/:editid/edit) a review: figures stay as made unless recomputed. */
export function BurForm() {
  const { editid } = useParams();
  const editing = editid !== undefined;
  useRouteName(editing ? 'Branch utilisation review' : 'New branch utilisation review');
  const can = useCan();
  const navigate = useNavigate();
  const branches = useBranchChoices();
  const review = useApiQuery<BurReview>(`${REVIEWS}/${editid ?? ''}`, undefined, { enabled: editing });
  const form = useForm<FormValues>({
    resolver: valibotResolver((editing ? BurUpdateSchema : BurCreateSchema) as never) as never,
    defaultValues: { branch_id: branches.length === 1 ? String(branches[0]!.id) : '', month: todayIso().slice(0, 7), commentary: '', status: 'draft', actions: [] },
  });
  const actions = useFieldArray({ control: form.control, name: 'actions' });
  const [message, setMessage] = useState('');
  const loaded = review.data;
  useEffect(() => {
    if (loaded) form.reset({ commentary: loaded.commentary, status: loaded.status, actions: loaded.actions, version: loaded.version, recompute: false });
  }, [loaded, form]);
  const save = useApiMutation<BurReview, FormValues>({
    request: (values) => {
      if (!editing) {
        const { version: _version, recompute: _recompute, ...body } = values;
        return api.post<BurReview>(REVIEWS, body);
      }
      const { branch_id: _branch, month: _month, ...body } = values;
      return api.put<BurReview>(`${REVIEWS}/${editid}`, body);
    },
    invalidates: [apiKey(REVIEWS)],
  });
  const submit = form.handleSubmit(async (values) => {
    setMessage('');
    const answer = await save.submit(values);
    if (answer.httpStatus === 422) return applyServerErrors(form.setError, answer.errors);
    if (answer.error || !answer.data) return setMessage(answer.message || 'The review could not be saved.');
    notify({ type: 'success', message: 'Review saved.' });
    navigate('/app/kpis/bur');
  });
  const title = editing ? (loaded ? `Branch utilisation review: ${loaded.branch_name}, ${loaded.month}` : 'Branch utilisation review') : 'New branch utilisation review';
  const readOnly = !can('kpis.edit') || loaded?.status === 'final';
  return (
    <div className={styles.screen}>
      <PageHeader title={title} actions={<Link to="/app/kpis/bur">All reviews</Link>} />
      {editing && review.isPending ? <Loading /> : null}
      {editing && review.isError ? <ErrorPanel title="The review could not be loaded." onRetry={() => void review.refetch()} /> : null}
      {loaded ? (
        <>
          <BurFiguresTable figures={loaded.figures} caption={`Figures (computed ${formatDate(loaded.created_at)}, definitions ${loaded.definitions_version})`} />
          <p className={styles.source}>
            Version {loaded.version}, last saved by {loaded.updated_by_name}. Status: {statusLabel(loaded.status)}.
          </p>
        </>
      ) : null}
      {!editing || loaded ? (
        <FormProvider {...form}>
          <form onSubmit={(event) => void submit(event)} noValidate aria-label="Branch utilisation review">
            <fieldset disabled={readOnly}>
              {!editing ? (
                <>
                  <SelectField name="branch_id" label="Branch" options={[{ value: '', label: 'Choose a branch' }, ...branches.map((branch) => ({ value: String(branch.id), label: branch.name }))]} />
                  <TextField name="month" label="Month" type="month" hint="The figures of this month are computed when you save." />
                </>
              ) : null}
              <TextAreaField name="commentary" label="Manager’s commentary" />
              <fieldset className={styles.actions}>
                <legend>Actions</legend>
                {actions.fields.map((field, index) => (
                  <div key={field.id} className={styles.actionRow}>
                    <TextField name={`actions.${index}.action`} label={`Action ${index + 1}`} />
                    <TextField name={`actions.${index}.owner`} label={`Owner of action ${index + 1}`} />
                    <TextField name={`actions.${index}.due_on`} label={`Due date of action ${index + 1}`} type="date" />
                    <Button variant="secondary" onClick={() => actions.remove(index)}>
                      Remove action {index + 1}
                    </Button>
                  </div>
                ))}
                <Button variant="secondary" onClick={() => actions.append({ action: '', owner: '', due_on: '' })}>
                  Add an action
                </Button>
              </fieldset>
              <SelectField name="status" label="Status" options={BUR_STATUSES.map((status) => ({ value: status.value, label: status.label }))} hint="A final review can no longer be changed." />
              {editing ? (
                <label>
                  <input type="checkbox" {...form.register('recompute')} /> Work the figures out again from today’s data
                </label>
              ) : null}
              <Button type="submit" disabled={form.formState.isSubmitting}>
                Save review
              </Button>
            </fieldset>
          </form>
        </FormProvider>
      ) : null}
      {message ? <p role="alert" className={styles.problem}>{message}</p> : null}
    </div>
  );
}
