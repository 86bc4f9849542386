import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, EmptyState, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, formStyles, SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
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
import { clientPath, handleSaved, options, Section, styles } from './common';

// client-logs: the client's care notes as a feed of cards with filters and "Show more", and the form for a new note or
// a correction of one (a correction is a new note; the earlier one stays, marked amended). Notes are never edited.

type Authors = { id: number; name: string }[];

export const categoriesKey = apiKey('api/v1/care-note-categories');

export function useCategories() {
  return useApiQuery<CareNoteCategory[]>('api/v1/care-note-categories', undefined, { failure: 'The categories could not be loaded.' });
}

/** The time a note is about: the visit's day and planned call time, or "between calls". */
const noteWhen = (note: CareNoteRow) => `${formatDate(note.visit_date)}, ${note.planned_time || 'between calls'}`;

/** What was recorded beside the words: intake, mood, continence, a body map. Nothing when none was. */
function NoteFacts({ note }: { note: CareNoteRow }) {
  const facts: [string, string][] = [];
  if (note.fluid_ml !== null) facts.push(['Fluids', `${note.fluid_ml} ml`]);
  if (note.food_portion) facts.push(['Food', `${labelOf(FOOD_PORTIONS, note.food_portion)}${note.food_description ? ` (${note.food_description})` : ''}`]);
  if (note.mood) facts.push(['Mood', labelOf(MOODS, note.mood)]);
  if (note.bowel || note.bladder) facts.push(['Continence', [note.bowel && labelOf(BOWEL_OUTCOMES, note.bowel), note.bladder && labelOf(BLADDER_OUTCOMES, note.bladder)].filter(Boolean).join('; ')]);
  if (note.body_map_reference) facts.push(['Body map', note.body_map_reference]);
  if (!facts.length) return null;
  return (
    <dl className={styles.noteFacts}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One care note as a card: when (the visit's day and call time), the category and its flags (concern, amended,
 * a correction), the full text, who wrote it and when, what else was recorded; "Correct" for those who may.
 */
const NoteCard = forwardRef<HTMLElement, { note: CareNoteRow; position: number; total: number; mayCorrect: boolean }>(function NoteCard({ note, position, total, mayCorrect }, ref) {
  const headingId = useId();
  return (
    <article ref={ref} className={[styles.noteCard, note.concern ? styles.noteConcern : ''].join(' ')} aria-labelledby={headingId} aria-posinset={position} aria-setsize={total} tabIndex={-1}>
      <header className={styles.noteHeader}>
        <h3 id={headingId}>
          {noteWhen(note)} · {note.category_label}
        </h3>
        {note.concern || note.amended_by_id || note.amends_id ? (
          <ul className={styles.flags} aria-label="Flags">
            {note.concern ? <li className={styles.flagConcern}>Concern</li> : null}
            {note.amended_by_id ? <li>Amended</li> : null}
            {note.amends_id ? <li>Correction</li> : null}
          </ul>
        ) : null}
      </header>
      <p className={styles.noteText}>{note.note}</p>
      {note.amends_id ? <p className={styles.muted}>Correction of note {note.amends_id}: {note.amendment_reason}</p> : null}
      {note.amended_by_id ? <p className={styles.muted}>Corrected since by note {note.amended_by_id}: this note stays as written.</p> : null}
      {note.concern ? <p className={styles.concern}>Concern raised, escalated to {note.escalated_to}.</p> : null}
      <NoteFacts note={note} />
      <footer className={styles.noteFooter}>
        <p className={styles.muted}>
          Written by {note.author_name}, {formatDateTime(note.written_at)}
          {note.source === 'device' ? ' (carer app)' : ''}
        </p>
        {mayCorrect ? (
          <ButtonLink to={`add?amends=${note.id}`} variant="secondary">
            Correct note {note.id}
          </ButtonLink>
        ) : null}
      </footer>
    </article>
  );
});

type Filters = { from: string; to: string; category: string; author: string; flagged: string };

/** Notes per "Show more". */
export const NOTES_PER_PAGE = 20;

const notesQuery = (filters: Filters, page: number) => ({ ...filters, page, page_size: NOTES_PER_PAGE });

/** One page of the feed: its notes as cards. The first card of a page opened by "Show more" takes the focus. */
function FeedPage({ clientId, filters, page, total, mayCorrect, focusFirst }: { clientId: number; filters: Filters; page: number; total: number; mayCorrect: boolean; focusFirst: boolean }) {
  const notes = useApiQuery<Page<CareNoteRow>>(clientPath(clientId, 'care-notes'), notesQuery(filters, page), { failure: 'The care notes could not be loaded.' });
  const first = useRef<HTMLElement>(null);
  const rows = notes.data?.data;
  useEffect(() => {
    if (focusFirst && rows?.length) first.current?.focus();
  }, [focusFirst, rows]);
  if (notes.error) return <ErrorPanel title="More care notes could not be loaded" onRetry={() => void notes.refetch()}>{notes.error.message}</ErrorPanel>;
  if (!rows) return <Loading label="Loading more care notes…" />;
  return (
    <>
      {rows.map((note, index) => (
        <NoteCard key={note.id} ref={index === 0 ? first : undefined} note={note} position={(page - 1) * NOTES_PER_PAGE + index + 1} total={total} mayCorrect={mayCorrect} />
      ))}
    </>
  );
}

/**
 * client-logs: the client's care notes as a feed, newest first (the API's order: visit day, call time, when
 * written), each a card with its full text; the filters ask the API; "Show more" adds the next 20.
 */
function NoteList({ clientId }: { clientId: number }) {
  const can = useCan();
  const mayCorrect = can('clients.edit');
  const [filters, setFilters] = useState<Filters>({ from: '', to: '', category: '', author: '', flagged: '' });
  const [pages, setPages] = useState(1);
  const categories = useCategories();
  const authors = useApiQuery<Authors>(clientPath(clientId, 'care-notes/authors'));
  // The first page (shared with its FeedPage through the query cache) says how many notes match.
  const first = useApiQuery<Page<CareNoteRow>>(clientPath(clientId, 'care-notes'), notesQuery(filters, 1), { failure: 'The care notes could not be loaded.', keepPrevious: true });
  const change = (name: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters((previous) => ({ ...previous, [name]: event.target.value }));
    setPages(1);
  };
  const total = first.data?.total ?? 0;
  const shown = Math.min(pages * NOTES_PER_PAGE, total);
  return (
    <Section title="Care notes" actions={mayCorrect ? <ButtonLink to="add">Add a care note</ButtonLink> : null}>
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
      {first.error ? (
        <ErrorPanel title="The care notes could not be loaded" onRetry={() => void first.refetch()}>
          {first.error.message}
        </ErrorPanel>
      ) : !first.data ? (
        <Loading label="Loading the care notes…" />
      ) : total === 0 ? (
        <EmptyState>No care notes match.</EmptyState>
      ) : (
        <>
          <div role="feed" className={styles.feed} aria-label="Care notes, newest first" aria-busy={first.isFetching}>
            {Array.from({ length: pages }, (_, index) => (
              <FeedPage key={index + 1} clientId={clientId} filters={filters} page={index + 1} total={total} mayCorrect={mayCorrect} focusFirst={index > 0 && index === pages - 1} />
            ))}
          </div>
          <div className={styles.actions}>
            <p role="status" className={styles.muted}>
              Showing {shown} of {total} {total === 1 ? 'note' : 'notes'}, newest first.
            </p>
            {shown < total ? (
              <Button variant="secondary" onClick={() => setPages((count) => count + 1)}>
                Show {Math.min(NOTES_PER_PAGE, total - shown)} more
              </Button>
            ) : null}
          </div>
        </>
      )}
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
      {amends ? <p className={styles.muted}>The note of {formatDate(amends.visit_date)} stays as written, marked amended; this correction is saved beside it.</p> : null}
      <FormProvider {...form}>
        <form className={formStyles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={amends ? 'Correct a care note' : 'Add a care note'}>
          <div className={formStyles.grid}>
            <SelectField name="category" label="Category" options={options(categoryChoices, 'Choose a category')} />
            <TextField name="visit_date" label="Visit date" type="date" />
            <TextField name="planned_time" label="Planned call time" type="time" hint="Leave empty for a note between calls." />
          </div>
          <TextAreaField name="note" label="Note" rows={6} hint="What you did and saw, in plain words. Facts, not opinions." />
          <div className={formStyles.grid}>
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
