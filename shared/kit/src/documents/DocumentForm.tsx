import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import {
  displayValue,
  documentChanges,
  fieldsOf,
  sensitivityOf,
  totalScore,
  type DocumentField,
  type DocumentSpec,
  type DocumentStatus,
  type DocumentValues,
} from '@hcm/contract/documents';
import type { FieldErrors } from '@hcm/contract';
import { api, Button, ErrorPanel, Loading, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useQueryClient } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';
import { applyServerErrors, useUnsavedChangesWarning } from '@hcm/kit/forms';
import { Question, SectionScore } from './DocumentFields';
import { describedBy, ErrorText, FieldIds, useFieldError, useFieldId } from './FieldShell';
import {
  conflictOf,
  documentPaths,
  documentWriteKeys,
  resultsFor,
  SENSITIVITY_LABELS,
  STATUS_LABELS,
  type DocumentSummary,
  type DocumentView,
  type SaveConflict,
  type SensitivePermissions,
} from './model';
import { ResultsPanel } from './ResultsPanel';
import { documentResolver, errorMessagesOf, formFieldOfServerKey, formValueOf, formValuesOf, liveValuesOf, META, type DocumentFormValues } from './values';
import styles from './documents.module.css';
import { formatDateTime } from '@hcm/contract/format';

export type DocumentFormProps = {
  spec: DocumentSpec;
  /** The owner's documents under the API, e.g. `clients/12/documents`. */
  basePath: string;
  /** The document to change; a new one when absent. */
  id?: number;
  /** Whose document it is, e.g. the client's name. */
  ownerLabel?: string;
  /** The permissions reading sensitive answers needs, as the owner's documents are mounted with. */
  sensitive: SensitivePermissions;
  /** After a save, with the saved document. */
  onSaved?: (view: DocumentView) => void;
  onCancel?: () => void;
  /** A kind kept as one document already has one (a second was refused): open that one. */
  onOpenExisting?: (id: number) => void;
};

type SaveBody = { content: DocumentValues; status: DocumentStatus; review_date: string; note: string; base_version?: number };

/** The keys of the answers this user may not read, for a document that does not exist yet. */
function withheldFor(spec: DocumentSpec, can: (permission: string) => boolean, sensitive: SensitivePermissions): string[] {
  return fieldsOf(spec)
    .filter((field) => {
      const sensitivity = sensitivityOf(spec, field);
      const permission = sensitivity ? sensitive[sensitivity] : undefined;
      return permission !== undefined && !can(permission);
    })
    .map((field) => field.key);
}

/** The declaration without the fields the user may not read: they are neither shown, validated nor sent. */
function withoutFields(spec: DocumentSpec, keys: readonly string[]): DocumentSpec {
  if (!keys.length) return spec;
  return { ...spec, sections: spec.sections.map((section) => ({ ...section, fields: section.fields.filter((field) => !keys.includes(field.key)) })) };
}

/**
 * A record document's form, from its declaration: a fieldset per section, an input per question by kind,
 * questions shown and hidden by their showWhen as the user answers, the declaration's results worked out
 * beside the form as they type. Saved as a draft (half-filled is fine) or as active (every required question
 * answered), each save a new version. A 422 puts the server's messages on their questions; a 409 (someone
 * saved in between) says what they changed and keeps what this user typed beside their version.
 */
export function DocumentForm(props: DocumentFormProps) {
  const { spec, basePath, id } = props;
  const paths = documentPaths(basePath, spec.name);
  const editing = id !== undefined;
  // A new document reads nothing: the key is one no other screen uses.
  const record = useApiQuery<DocumentView>(editing ? paths.document(id) : `${paths.kind}/new`, undefined, {
    enabled: editing,
    refetchOnWindowFocus: false,
    failure: `This ${spec.title} could not be loaded.`,
  });
  if (editing) {
    if (!record.data && record.error) return <ErrorPanel title={`${spec.title} could not be loaded`}>{record.error.message}</ErrorPanel>;
    if (!record.data) return <Loading label={`Loading ${spec.title}…`} />;
    if (record.data.status === 'archived' || !record.data.can.edit) {
      return (
        <ErrorPanel title={`This ${spec.title} cannot be changed`}>
          {record.data.status === 'archived' ? 'It is archived: it can be read and printed, not changed.' : 'You may read it, not change it.'}
        </ErrorPanel>
      );
    }
  }
  return <DocumentFormBody {...props} view={editing ? (record.data ?? null) : null} />;
}

function DocumentFormBody({ spec, basePath, view, ownerLabel, sensitive, onSaved, onCancel, onOpenExisting }: DocumentFormProps & { view: DocumentView | null }) {
  const can = useCan();
  const client = useQueryClient();
  const paths = documentPaths(basePath, spec.name);
  const idPrefix = `document-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const idOf = useMemo(() => (name: string) => `${idPrefix}-${name.replace(/\./g, '-')}`, [idPrefix]);
  // Computed once: who may read what does not change while the form is open.
  const [withheld] = useState(() => (view ? view.withheld : withheldFor(spec, can, sensitive)));
  const formSpec = useMemo(() => withoutFields(spec, withheld), [spec, withheld]);
  const intent = useRef<DocumentStatus>('draft');
  const [current, setCurrent] = useState<DocumentView | null>(view);
  const form = useForm<DocumentFormValues>({
    resolver: documentResolver(formSpec, () => intent.current === 'active'),
    defaultValues: formValuesOf(formSpec, view?.content ?? {}, { review_date: view?.review_date ?? '' }),
  });
  const [formError, setFormError] = useState<ReactNode>(null);
  const [conflict, setConflict] = useState<(SaveConflict & { current: DocumentView | null }) | null>(null);
  const [reviewing, setReviewing] = useState(false);
  // What this user typed when someone else's save got in first: kept beside the form until re-entered.
  const [mine, setMine] = useState<DocumentValues | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty = form.formState.isDirty;
  const { leaveWithoutWarning } = useUnsavedChangesWarning((dirty || mine !== null) && !saved);

  const save = useApiMutation<DocumentView, SaveBody>({
    request: (body) => (current ? api.put<DocumentView>(paths.document(current.id), body) : api.post<DocumentView>(paths.kind, body)),
    invalidates: (_body, data) => documentWriteKeys(basePath, spec.name, data?.id ?? current?.id),
    failure: `The ${spec.title} could not be saved.`,
  });

  /** What changed since the version this form started from, when the server's 409 does not say (it is worked out from both versions). */
  async function conflictSince(base: DocumentView, answerData: unknown): Promise<SaveConflict & { current: DocumentView | null }> {
    const told = conflictOf(answerData);
    const fresh = await client.fetchQuery({
      queryKey: apiKey(paths.document(base.id)),
      queryFn: async () => (await api.get<DocumentView>(paths.document(base.id))).data,
      staleTime: 0,
    });
    if (told.changes.length || !fresh) return { ...told, current: fresh ?? null };
    return {
      changes: documentChanges(spec, base.content, fresh.content),
      savedBy: fresh.updated_by,
      savedAt: fresh.updated_at,
      currentVersion: fresh.version,
      current: fresh,
    };
  }

  /** The live document of a kind kept as one (the server refused a second): the newest that is not archived. */
  async function existingDocument(answerData: unknown): Promise<number | null> {
    const told = (answerData as { id?: unknown } | null)?.id;
    if (typeof told === 'number') return told;
    const list = await api.get<DocumentSummary[]>(paths.kind);
    return list.data?.find((summary) => summary.status !== 'archived')?.id ?? null;
  }

  async function onValid(values: DocumentFormValues) {
    setFormError(null);
    const { [META]: meta, ...content } = values;
    const status = intent.current;
    const body: SaveBody = { content, status, review_date: meta.review_date, note: meta.note, ...(current ? { base_version: current.version } : {}) };
    const answer = await save.submit(body);
    if (!answer.error && answer.data) {
      const savedView = answer.data;
      client.setQueryData(apiKey(paths.document(savedView.id)), savedView);
      setSaved(true);
      leaveWithoutWarning();
      notify({ type: 'success', title: `${spec.title} saved`, message: status === 'active' ? `Saved as active, version ${savedView.version}.` : `Saved as a draft, version ${savedView.version}.` });
      setCurrent(savedView);
      setMine(null);
      form.reset(formValuesOf(formSpec, savedView.content, { review_date: savedView.review_date ?? '' }));
      onSaved?.(savedView);
      return;
    }
    if (answer.httpStatus === 422) {
      const placed: FieldErrors = {};
      const elsewhere: string[] = [];
      for (const [key, messages] of Object.entries(answer.errors ?? {})) {
        const name = formFieldOfServerKey(formSpec, key);
        if (name) placed[name] = messages;
        else elsewhere.push(...messages);
      }
      applyServerErrors(form.setError, placed);
      setFormError(
        <>
          <p>Some answers need attention: they are marked below. Nothing you typed was lost.</p>
          {elsewhere.length ? (
            <ul>
              {elsewhere.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </>,
      );
      return;
    }
    if (answer.httpStatus === 409 && current) {
      const since = await conflictSince(current, answer.data);
      // The same version still: refused for another reason (archived meanwhile), told as the server words it.
      if (since.currentVersion === current.version && !since.changes.length) {
        setFormError(<p>{answer.message || `The ${spec.title} could not be saved.`}</p>);
        return;
      }
      setMine(content);
      setConflict(since);
      return;
    }
    if (answer.httpStatus === 409) {
      const existing = await existingDocument(answer.data);
      setFormError(
        <>
          <p>{answer.message || `There is already a ${spec.title}: open it and change it.`}</p>
          {existing !== null && onOpenExisting ? (
            <Button variant="secondary" onClick={() => onOpenExisting(existing)}>
              Open the {spec.title} there is
            </Button>
          ) : null}
        </>,
      );
      return;
    }
    setFormError(<p>{answer.message || `The ${spec.title} could not be saved.`}</p>);
  }

  function submit(status: DocumentStatus) {
    intent.current = status;
    void form.handleSubmit(onValid, () => setFormError(<p>Some answers need attention: they are marked below.</p>))();
  }

  /** Their version into the form; this user's answers stay beside it (see MyAnswers). */
  async function reviewTheirVersion() {
    if (!conflict || !current) return;
    setReviewing(true);
    const fresh =
      conflict.current ??
      (await client.fetchQuery({ queryKey: apiKey(paths.document(current.id)), queryFn: async () => (await api.get<DocumentView>(paths.document(current.id))).data, staleTime: 0 }));
    setReviewing(false);
    if (!fresh) {
      setFormError(<p>Their version could not be loaded. Try again in a moment.</p>);
      return;
    }
    const note = form.getValues(`${META}.note`) as string;
    form.reset(formValuesOf(formSpec, fresh.content, { review_date: fresh.review_date ?? '', note }));
    setCurrent(fresh);
    setConflict(null);
    setFormError(null);
  }

  const canDraft = !current || current.status === 'draft';
  const title = current ? `Edit ${spec.title}` : `Start ${spec.title}`;
  const submitErrors = form.formState.submitCount > 0 ? errorMessagesOf(form.formState.errors) : [];
  const busy = save.isPending || form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <FieldIds.Provider value={idOf}>
        {/* The frame the layout measures: the questions take the width the form is given, beside the results only where that leaves them room. */}
        <div className={styles.formFrame}>
          <div className={styles.formLayout}>
            <form className={styles.form} aria-label={title} noValidate onSubmit={(event) => event.preventDefault()}>
              <header className={styles.formHeader}>
                <h3>{title}</h3>
                <p className={styles.hint}>
                  {ownerLabel ? `For ${ownerLabel}. ` : ''}
                  {current ? `Changing version ${current.version} (${STATUS_LABELS[current.status].toLowerCase()}); saving makes version ${current.version + 1}.` : 'A new document: save it as a draft while it is being written, or as active once complete.'}
                </p>
              </header>
              {formError ? (
                <div role="alert" className={styles.formError}>
                  {formError}
                </div>
              ) : null}
              {submitErrors.length ? <ErrorSummary errors={submitErrors} idOf={idOf} /> : null}
              {spec.sections.map((section) => (
                <fieldset key={section.key} className={styles.section}>
                  <legend className={styles.sectionTitle}>{section.title}</legend>
                  {section.intro ? <p className={styles.intro}>{section.intro}</p> : null}
                  <SectionScore spec={formSpec} section={formSpec.sections.find((candidate) => candidate.key === section.key) ?? section} />
                  {section.fields.map((field) =>
                    withheld.includes(field.key) ? (
                      <WithheldQuestion key={field.key} spec={spec} field={field} />
                    ) : (
                      <Question key={field.key} spec={formSpec} field={field} />
                    ),
                  )}
                </fieldset>
              ))}
              <fieldset className={styles.section}>
                <legend className={styles.sectionTitle}>About this version</legend>
                <MetaInputs spec={spec} />
              </fieldset>
              <div className={styles.actions}>
                {canDraft ? (
                  <Button variant="secondary" disabled={busy} onClick={() => submit('draft')}>
                    Save as draft
                  </Button>
                ) : null}
                <Button disabled={busy} onClick={() => submit('active')}>
                  Save as active
                </Button>
                {onCancel ? (
                  <Button variant="secondary" onClick={onCancel}>
                    Cancel
                  </Button>
                ) : null}
                {busy ? <span role="status">Saving…</span> : null}
              </div>
            </form>
            <aside className={styles.aside} aria-label="Beside the form">
              {mine ? <MyAnswers spec={formSpec} mine={mine} onDone={() => setMine(null)} /> : null}
              <LiveResults spec={spec} formSpec={formSpec} withheld={withheld} />
            </aside>
          </div>
        </div>
        <ConflictDialog
          conflict={conflict}
          title={spec.title}
          busy={reviewing}
          onReview={() => void reviewTheirVersion()}
          onClose={() => setConflict(null)}
        />
      </FieldIds.Provider>
    </FormProvider>
  );
}

function ErrorSummary({ errors, idOf }: { errors: { name: string; message: string }[]; idOf: (name: string) => string }) {
  return (
    <div className={styles.errorSummary} role="alert" aria-labelledby="document-error-summary">
      <h4 id="document-error-summary">There is a problem</h4>
      <ul>
        {errors.map((error) => (
          <li key={error.name}>
            <a
              href={`#${idOf(error.name)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(idOf(error.name))?.focus();
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function WithheldQuestion({ spec, field }: { spec: DocumentSpec; field: DocumentField }) {
  const sensitivity = sensitivityOf(spec, field);
  return (
    <div className={styles.withheld}>
      <p className={styles.label}>{field.label}</p>
      <p>
        Withheld: needs {sensitivity ? SENSITIVITY_LABELS[sensitivity] : 'more'} access. Its answer is kept as it is when you save.
      </p>
    </div>
  );
}

function MetaInputs({ spec }: { spec: DocumentSpec }) {
  const { register } = useFormContext();
  const reviewName = `${META}.review_date`;
  const noteName = `${META}.note`;
  const reviewId = useFieldId(reviewName);
  const noteId = useFieldId(noteName);
  const reviewError = useFieldError(reviewName);
  const noteError = useFieldError(noteName);
  const reviewHint = spec.reviewEveryMonths
    ? `When it should next be reviewed. Left empty, making it active sets it ${spec.reviewEveryMonths} months ahead.`
    : 'When it should next be reviewed; sooner if needs change.';
  const noteHint = 'A line for the version history, e.g. "Reviewed with Peggy and her daughter: mobility has improved".';
  return (
    <>
      <div className={[styles.field, reviewError ? styles.invalid : ''].join(' ')}>
        <label htmlFor={reviewId} className={styles.label}>
          Review date
        </label>
        <p id={`${reviewId}-hint`} className={styles.hint}>
          {reviewHint}
        </p>
        <ErrorText id={reviewId} error={reviewError} />
        <input id={reviewId} type="date" aria-invalid={reviewError ? true : undefined} aria-describedby={describedBy(reviewId, { hint: reviewHint, error: reviewError })} {...register(reviewName)} />
      </div>
      <div className={[styles.field, noteError ? styles.invalid : ''].join(' ')}>
        <label htmlFor={noteId} className={styles.label}>
          What changed?
        </label>
        <p id={`${noteId}-hint`} className={styles.hint}>
          {noteHint}
        </p>
        <ErrorText id={noteId} error={noteError} />
        <textarea id={noteId} rows={2} maxLength={500} aria-invalid={noteError ? true : undefined} aria-describedby={describedBy(noteId, { hint: noteHint, error: noteError })} {...register(noteName)} />
      </div>
    </>
  );
}

/** The declaration's results as the user answers: worked out here with the same function the server uses. */
function LiveResults({ spec, formSpec, withheld }: { spec: DocumentSpec; formSpec: DocumentSpec; withheld: readonly string[] }) {
  const { control } = useFormContext();
  const values = useWatch({ control }) as Record<string, unknown>;
  const scored = fieldsOf(formSpec).some((field) => field.kind === 'scored' || field.kind === 'multi-scored');
  if (!spec.results && !scored) return null;
  if (withheld.length && spec.results) {
    return (
      <section className={styles.results} aria-label="Results as you answer">
        <h3 className={styles.resultsTitle}>Results as you answer</h3>
        <p className={styles.hint}>Not worked out here: some answers are withheld from you, and the figures depend on them.</p>
      </section>
    );
  }
  const live = liveValuesOf(formSpec, values);
  return <ResultsPanel title="Results as you answer" live results={resultsFor(spec, live)} total={scored ? totalScore(formSpec, live) : null} />;
}

/** This user's answers kept after a conflict, each with a button to put it back into the form. */
function MyAnswers({ spec, mine, onDone }: { spec: DocumentSpec; mine: DocumentValues; onDone: () => void }) {
  const { control, setValue } = useFormContext();
  const values = useWatch({ control }) as Record<string, unknown>;
  const live = liveValuesOf(spec, values);
  const different = fieldsOf(spec).filter((field) => displayValue(field, mine[field.key]) !== displayValue(field, live[field.key]));
  return (
    <section className={styles.mine} aria-label="Your answers, not saved">
      <h3 className={styles.resultsTitle}>Your answers, not saved</h3>
      <p className={styles.hint}>The form now shows their version. Where yours differed, it is below: put back what still applies, then save.</p>
      {different.length ? (
        <ul className={styles.mineList}>
          {different.map((field) => (
            <li key={field.key}>
              <p className={styles.label}>{field.label}</p>
              <p>
                Yours: {displayValue(field, mine[field.key])}
                <br />
                In the form: {displayValue(field, live[field.key])}
              </p>
              <Button
                variant="secondary"
                aria-label={`Use my answer for ${field.label}`}
                onClick={() => setValue(field.key, formValueOf(field, mine[field.key]), { shouldDirty: true, shouldValidate: false })}
              >
                Use my answer
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>All your answers are in the form.</p>
      )}
      <Button variant="secondary" onClick={onDone}>
        {different.length ? 'Discard my answers' : 'Close'}
      </Button>
    </section>
  );
}

function ConflictDialog({ conflict, title, busy, onReview, onClose }: { conflict: (SaveConflict & { current: DocumentView | null }) | null; title: string; busy: boolean; onReview: () => void; onClose: () => void }) {
  return (
    <Modal
      open={conflict !== null}
      title="Someone else saved this document since you opened it"
      onClose={onClose}
      size="large"
      footer={
        <>
          <Button onClick={onReview} disabled={busy}>
            {busy ? 'Loading their version…' : 'Review their version'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
        </>
      }
    >
      {conflict ? (
        <>
          <p>
            {conflict.savedBy ?? 'Someone'} saved {title}
            {conflict.currentVersion ? ` as version ${conflict.currentVersion}` : ''}
            {conflict.savedAt ? ` on ${formatDateTime(conflict.savedAt)}` : ''}. Nothing was overwritten: your answers were not saved.
          </p>
          {conflict.changes.length ? (
            <>
              <p>What they changed:</p>
              <ul className={styles.changeList} aria-label="Their changes">
                {conflict.changes.map((change) => (
                  <li key={change.key}>
                    <strong>{change.label}</strong>: {change.before} → {change.after} <span className={styles.hint}>({conflict.savedBy ?? 'someone else'})</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>They changed no answers (perhaps the status or the review date).</p>
          )}
          <p>Review their version: it opens in the form, and your answers stay beside it so you can enter again what still applies.</p>
        </>
      ) : null}
    </Modal>
  );
}
