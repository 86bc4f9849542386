import { ukDate } from '@hcm/contract/time';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  BLADDER_OUTCOMES,
  BOWEL_OUTCOMES,
  CareNoteSchema,
  FOOD_PORTIONS,
  labelOf,
  MOODS,
  type CareNoteCategory,
  type CareNoteRow,
} from '../../contract';
import { clientPath, formatDay, formatWhen, handleSaved, options, Section, styles } from './common';

// client-logs: the client's care notes with filters and paging, and the form for a new note or a correction of
// one (a correction is a new note; the earlier one stays, marked amended). Notes are never edited.

type Authors = { id: number; name: string }[];

export const categoriesKey = apiKey('api/v1/care-note-categories');

export function useCategories() {
  return useApiQuery<CareNoteCategory[]>('api/v1/care-note-categories', undefined, { failure: 'The categories could not be loaded.' });
}

function NoteText({ note }: { note: CareNoteRow }) {
  return (
    <>
      <p>{note.note}</p>
      {note.amends_id ? <p className={styles.muted}>Correction of note {note.amends_id}: {note.amendment_reason}</p> : null}
      {note.concern ? <p className={styles.concern}>Concern raised, escalated to {note.escalated_to}.</p> : null}
    </>
  );
}

const COLUMNS: Column<CareNoteRow>[] = [
  { key: 'visit_date', label: 'Visit', render: (note) => `${formatDay(note.visit_date)}${note.planned_time ? `, ${note.planned_time}` : ''}` },
  {
    key: 'category',
    label: 'Category',
    render: (note) => (
      <>
        {note.category_label}
        {note.amended_by_id ? <span className={styles.badge}>Amended</span> : null}
      </>
    ),
  },
  { key: 'note', label: 'Note', render: (note) => <NoteText note={note} /> },
  {
    key: 'intake',
    label: 'Intake',
    render: (note) => [note.fluid_ml !== null ? `${note.fluid_ml} ml` : '', note.food_portion ? `Ate ${labelOf(FOOD_PORTIONS, note.food_portion).toLowerCase()}` : ''].filter(Boolean).join('; ') || '—',
  },
  { key: 'mood', label: 'Mood', render: (note) => (note.mood ? labelOf(MOODS, note.mood) : '—') },
  { key: 'author_name', label: 'Written by', render: (note) => `${note.author_name}, ${formatWhen(note.written_at)}` },
];

type Filters = { from: string; to: string; category: string; author: string; flagged: string };

function NoteList({ clientId }: { clientId: number }) {
  const can = useCan();
  const [filters, setFilters] = useState<Filters>({ from: '', to: '', category: '', author: '', flagged: '' });
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const categories = useCategories();
  const authors = useApiQuery<Authors>(clientPath(clientId, 'care-notes/authors'));
  const list = useApiQuery<Page<CareNoteRow>>(
    clientPath(clientId, 'care-notes'),
    { ...filters, page: paging.page, page_size: paging.pageSize },
    { failure: 'The care notes could not be loaded.', keepPrevious: true },
  );
  const change = (name: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters((previous) => ({ ...previous, [name]: event.target.value }));
    setPaging((previous) => ({ ...previous, page: 1 }));
  };
  const columns: Column<CareNoteRow>[] = can('clients.edit')
    ? [...COLUMNS, { key: 'actions', label: 'Actions', render: (note) => <ButtonLink to={`add?amends=${note.id}`} variant="secondary">Correct note {note.id}</ButtonLink> }]
    : COLUMNS;
  return (
    <Section title="Care notes" actions={can('clients.edit') ? <ButtonLink to="add">Add a care note</ButtonLink> : null}>
      <form className={styles.toolbar} aria-label="Filter care notes" onSubmit={(event) => event.preventDefault()}>
        <label>
          From
          <input type="date" value={filters.from} onChange={change('from')} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={change('to')} />
        </label>
        <label>
          Category
          <select value={filters.category} onChange={change('category')}>
            <option value="">All categories</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.key} value={category.key}>
                {category.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Written by
          <select value={filters.author} onChange={change('author')}>
            <option value="">Anyone</option>
            {(authors.data ?? []).map((author) => (
              <option key={author.id} value={String(author.id)}>
                {author.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Concerns
          <select value={filters.flagged} onChange={change('flagged')}>
            <option value="">All notes</option>
            <option value="1">Concerns only</option>
            <option value="0">No concern</option>
          </select>
        </label>
      </form>
      <ListTable
        caption="Care notes"
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={(note) => note.id}
        empty="No care notes match."
      />
    </Section>
  );
}

type NoteForm = {
  category: string;
  visit_date: string;
  planned_time: string;
  external_visit_id: string;
  note: string;
  mood: string;
  fluid_ml: string;
  food_portion: string;
  food_description: string;
  bowel: string;
  bladder: string;
  concern: boolean;
  escalated_to: string;
  body_map_reference: string;
  amends_id: string;
  amendment_reason: string;
};

const blank = (): NoteForm => ({
  category: '', visit_date: ukDate(), planned_time: '', external_visit_id: '', note: '', mood: '', fluid_ml: '', food_portion: '', food_description: '',
  bowel: '', bladder: '', concern: false, escalated_to: '', body_map_reference: '', amends_id: '', amendment_reason: '',
});

/** A note's answers as the form holds them (a correction starts from the note it corrects). */
const formOf = (note: CareNoteRow): NoteForm => ({
  ...blank(),
  category: note.category, visit_date: note.visit_date, planned_time: note.planned_time, external_visit_id: note.external_visit_id, note: note.note, mood: note.mood,
  fluid_ml: note.fluid_ml === null ? '' : String(note.fluid_ml), food_portion: note.food_portion, food_description: note.food_description, bowel: note.bowel, bladder: note.bladder,
  concern: note.concern, escalated_to: note.escalated_to, body_map_reference: note.body_map_reference, amends_id: String(note.id),
});

function NoteEditor({ clientId, amends }: { clientId: number; amends: CareNoteRow | null }) {
  const navigate = useNavigate();
  const categories = useCategories();
  const form = useForm<NoteForm>({ resolver: valibotResolver(CareNoteSchema), defaultValues: amends ? formOf(amends) : blank() });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<CareNoteRow, NoteForm>({
    request: (values) => api.post<CareNoteRow>(clientPath(clientId, 'care-notes'), values),
    invalidates: [apiKey(clientPath(clientId, 'care-notes')), apiKey(clientPath(clientId, 'daily-report')), apiKey(clientPath(clientId, 'care-note-summary'))],
  });
  const concern = form.watch('concern');
  const handleSave = form.handleSubmit(async () => {
    if (!handleSaved(await save.submit(form.getValues()), form, 'The note could not be saved.')) return;
    leaveWithoutWarning();
    navigate('..');
  });
  const categoryChoices = (categories.data ?? []).filter((category) => category.active || category.key === amends?.category).map((category) => ({ value: category.key, label: category.label }));
  return (
    <Section title={amends ? `Correct note ${amends.id}` : 'Add a care note'}>
      {amends ? <p className={styles.muted}>The note of {formatDay(amends.visit_date)} stays as written, marked amended; this correction is saved beside it.</p> : null}
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={amends ? 'Correct a care note' : 'Add a care note'}>
          <div className={styles.grid}>
            <SelectField name="category" label="Category" options={options(categoryChoices, 'Choose a category')} />
            <TextField name="visit_date" label="Visit date" type="date" />
            <TextField name="planned_time" label="Planned call time" type="time" hint="Leave empty for a note between calls." />
          </div>
          <TextAreaField name="note" label="Note" rows={6} hint="What you did and saw, in plain words. Facts, not opinions." />
          <div className={styles.grid}>
            <SelectField name="mood" label="Mood" options={options(MOODS, 'Not recorded')} />
            <TextField name="fluid_ml" label="Fluids taken (ml)" inputMode="numeric" />
            <SelectField name="food_portion" label="How much was eaten" options={options(FOOD_PORTIONS, 'No meal at this call')} />
            <TextField name="food_description" label="What was eaten" />
            <SelectField name="bowel" label="Bowels" options={options(BOWEL_OUTCOMES, 'Not recorded')} />
            <SelectField name="bladder" label="Bladder" options={options(BLADDER_OUTCOMES, 'Not recorded')} />
          </div>
          <CheckboxField name="concern" label="This note raises a concern" />
          {concern ? <TextField name="escalated_to" label="Escalated to" hint="Who you told, their role, and when (e.g. Office, Oliver, 12:55)." /> : null}
          <TextField name="body_map_reference" label="Body map reference" hint="If you drew a body map, its name or number." />
          {amends ? <TextAreaField name="amendment_reason" label="Reason for the correction" rows={2} /> : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {amends ? 'Save the correction' : 'Save note'}
            </Button>
            <ButtonLink to=".." variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}

function AddNote({ clientId }: { clientId: number }) {
  const [params] = useSearchParams();
  const categories = useCategories();
  const amendsId = params.get('amends');
  const found = useApiQuery<CareNoteRow>(clientPath(clientId, `care-notes/${amendsId}`), undefined, { enabled: amendsId !== null, failure: 'The note could not be loaded.' });
  // The form starts once the categories are there, so a correction's category is selected in its list.
  if (categories.error) return <ErrorPanel title="The categories could not be loaded">{categories.error.message}</ErrorPanel>;
  if (!categories.data) return <Loading label="Loading the form…" />;
  if (!amendsId) return <NoteEditor clientId={clientId} amends={null} />;
  if (found.error) return <ErrorPanel title="The note to correct could not be loaded">{found.error.message}</ErrorPanel>;
  if (!found.data) return <Loading label="Loading the note…" />;
  return <NoteEditor clientId={clientId} amends={found.data} />;
}

/** The client-logs tab: the list, and add/correct at ./add (relative routes). */
export default function CareNotes({ clientId }: { clientId: number }) {
  return (
    <div className={styles.screen}>
      <Routes>
        <Route index element={<NoteList clientId={clientId} />} />
        <Route path="add" element={<AddNote clientId={clientId} />} />
      </Routes>
    </div>
  );
}
