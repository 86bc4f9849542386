import { lazy, Suspense, useId, useState } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import type { Page } from '@hcm/contract';
import { api, Button, ErrorPanel, Loading, notify, toFormData, uploadWithProgress, useCan, useRuntime } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useInvalidate } from '@hcm/kit/data';
import { Lightbox, UploadProgress } from '@hcm/kit/elements';
import { applyServerErrors, SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  STAFF_UPLOAD_ACCEPT,
  STAFF_UPLOAD_KINDS,
  STAFF_UPLOAD_TYPES_TEXT,
  StaffUploadRemovalSchema,
  StaffUploadReplaceSchema,
  StaffUploadSchema,
  staffUploadFileProblem,
  type StaffUploadOptions,
  type StaffUploadRow,
} from '../../contract/files';
import type { StaffOwner, StaffScreenProps } from '../record/types';
import { editPermission, handleSaved, Section, staffPath, styles } from './common';
import { formatDate, formatDateTime, formatFileSize } from '@hcm/contract/format';

// uploads: documents on a carer's or an office employee's file (types from reference data), uploaded with a
// progress bar, opened in the lightbox (images) or the PDF viewer (PDFs), downloaded otherwise (each opening is
// audited by the server), replaced by a newer file, and removed with a reason (soft).

const PdfViewer = lazy(() => import('@hcm/kit/pdf').then((module) => ({ default: module.PdfViewer })));

const previewOf = (upload: StaffUploadRow) => STAFF_UPLOAD_KINDS.find((kind) => kind.kind === upload.file_kind)?.preview ?? 'download';

type Place = { owner: StaffOwner; ownerId: number };

/** The file input with its own check and error (the server's refusal of the file lands here too). */
function FilePicker({ maxMb, error, onPick }: { maxMb: number; error: string; onPick: (file: File | null, problem: string | null) => void }) {
  const id = useId();
  return (
    <div className={styles.form}>
      <label htmlFor={id}>File</label>
      <input
        id={id}
        type="file"
        accept={STAFF_UPLOAD_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          onPick(chosen, chosen ? staffUploadFileProblem(chosen, maxMb) : null);
        }}
      />
      <span id={`${id}-hint`} className={styles.muted}>
        {STAFF_UPLOAD_TYPES_TEXT}; at most {maxMb} MB.
      </span>
      {error ? <span id={`${id}-error`} className={styles.error} role="alert">{error}</span> : null}
    </div>
  );
}

/**
 * Sends the file with the form's values; a refusal puts the file's message beside the file and the others on their
 * fields, keeping what was typed. True when stored.
 */
async function send<Values extends Record<string, string>>(path: string, form: UseFormReturn<Values>, file: File, setFileError: (message: string) => void, setProgress: (percent: number | null) => void): Promise<boolean> {
  setProgress(0);
  const answer = await uploadWithProgress<StaffUploadRow>(path, toFormData({ ...form.getValues(), file }), { onProgress: ({ percent }) => setProgress(percent) });
  setProgress(null);
  if (answer.error) {
    const { file: fileErrors, ...rest } = answer.errors ?? {};
    if (fileErrors) setFileError(fileErrors[0] ?? answer.message);
    applyServerErrors(form.setError, Object.keys(rest).length ? rest : null);
    if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The file could not be uploaded.' });
    return false;
  }
  notify({ type: 'success', message: answer.message || 'File uploaded.' });
  return true;
}

type DetailsForm = { upload_type_id: string; title: string; expires_on: string };

function UploadForm({ owner, ownerId, options, onDone }: Place & { options: StaffUploadOptions; onDone: () => void }) {
  const invalidate = useInvalidate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<DetailsForm>({ resolver: valibotResolver(StaffUploadSchema), defaultValues: { upload_type_id: '', title: '', expires_on: '' } });
  const chosenType = options.types.find((type) => String(type.id) === form.watch('upload_type_id'));

  const handleUpload = form.handleSubmit(async () => {
    const problem = staffUploadFileProblem(file, options.max_mb);
    if (problem || !file) return setFileError(problem ?? 'Choose a file.');
    setFileError('');
    if (!(await send(staffPath(owner, ownerId, 'uploads'), form, file, setFileError, setProgress))) return;
    await invalidate([apiKey(staffPath(owner, ownerId, 'uploads'))]);
    onDone();
  });

  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleUpload(event)} noValidate aria-label="Upload a document">
        <FilePicker
          maxMb={options.max_mb}
          error={fileError}
          onPick={(chosen, problem) => {
            setFile(chosen);
            setFileError(problem ?? '');
            if (chosen && !problem && !form.getValues('title')) form.setValue('title', chosen.name.replace(/\.[^.]+$/, ''));
          }}
        />
        <SelectField name="upload_type_id" label="Type of document" options={[{ value: '', label: 'Choose a type' }, ...options.types.map((type) => ({ value: String(type.id), label: type.name }))]} hint={chosenType?.description || undefined} />
        <TextField name="title" label="Title" />
        <TextField name="expires_on" label="Expiry date" type="date" hint={chosenType?.expires ? 'This type of document expires: give the date, so the file alerts remind you.' : 'Only if the document expires.'} />
        {progress !== null ? <UploadProgress label="Uploading" percent={progress} /> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={progress !== null}>Upload</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function ReplaceForm({ owner, ownerId, upload, maxMb, onDone }: Place & { upload: StaffUploadRow; maxMb: number; onDone: () => void }) {
  const invalidate = useInvalidate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<{ title: string; expires_on: string }>({ resolver: valibotResolver(StaffUploadReplaceSchema), defaultValues: { title: upload.title, expires_on: upload.expires_on ?? '' } });
  const handleReplace = form.handleSubmit(async () => {
    const problem = staffUploadFileProblem(file, maxMb);
    if (problem || !file) return setFileError(problem ?? 'Choose the new file.');
    setFileError('');
    if (!(await send(staffPath(owner, ownerId, `uploads/${upload.id}/replace`), form, file, setFileError, setProgress))) return;
    await invalidate([apiKey(staffPath(owner, ownerId, 'uploads'))]);
    onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleReplace(event)} noValidate aria-label={`Replace ${upload.title}`}>
        <FilePicker maxMb={maxMb} error={fileError} onPick={(chosen, problem) => { setFile(chosen); setFileError(problem ?? ''); }} />
        <TextField name="title" label="Title" />
        <TextField name="expires_on" label="Expiry date" type="date" />
        {progress !== null ? <UploadProgress label="Uploading" percent={progress} /> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={progress !== null}>Replace the file</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function RemoveForm({ owner, ownerId, upload, onDone }: Place & { upload: StaffUploadRow; onDone: () => void }) {
  const form = useForm<{ reason: string }>({ resolver: valibotResolver(StaffUploadRemovalSchema), defaultValues: { reason: '' } });
  const remove = useApiMutation<StaffUploadRow, { reason: string }>({
    request: (values) => api.post<StaffUploadRow>(staffPath(owner, ownerId, `uploads/${upload.id}/remove`), values),
    invalidates: [apiKey(staffPath(owner, ownerId, 'uploads'))],
  });
  const handleRemove = form.handleSubmit(async () => {
    if (handleSaved(await remove.submit(form.getValues()), form, 'The file could not be removed.')) onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleRemove(event)} noValidate aria-label={`Remove ${upload.title}`}>
        <TextField name="reason" label="Reason for removing it" />
        <div className={styles.actions}>
          <Button type="submit">Remove</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

type Action = { kind: 'replace' | 'remove'; id: number } | null;

export default function Uploads({ owner, ownerId, ownerName }: StaffScreenProps) {
  const can = useCan();
  const canEdit = can(editPermission(owner));
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const [adding, setAdding] = useState(false);
  const [action, setAction] = useState<Action>(null);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [image, setImage] = useState<StaffUploadRow | null>(null);
  const [pdf, setPdf] = useState<StaffUploadRow | null>(null);
  const options = useApiQuery<StaffUploadOptions>(staffPath(owner, ownerId, 'upload-types'), undefined, { failure: 'The document types could not be loaded.' });
  const list = useApiQuery<Page<StaffUploadRow>>(staffPath(owner, ownerId, 'uploads'), { page: paging.page, page_size: paging.pageSize }, { failure: 'The documents could not be loaded.', keepPrevious: true });
  const fileUrl = (upload: StaffUploadRow, download = false) => `${apiUrl}/${staffPath(owner, ownerId, `uploads/${upload.id}/file`)}${download ? '?download=1' : ''}`;
  const maxMb = options.data?.max_mb ?? 10;

  const columns: Column<StaffUploadRow>[] = [
    { key: 'title', label: 'Title', render: (upload) => (<><strong>{upload.title}</strong>{upload.replaces_id ? <p className={styles.muted}>Replaces an earlier file</p> : null}</>) },
    { key: 'upload_type', label: 'Type' },
    { key: 'file', label: 'File', render: (upload) => `${upload.file_name} (${formatFileSize(upload.size_bytes)})` },
    { key: 'uploaded_at', label: 'Uploaded', render: (upload) => `${formatDateTime(upload.uploaded_at)} by ${upload.uploaded_by_name}` },
    { key: 'expires_on', label: 'Expires', render: (upload) => (upload.expires_on ? <span>{formatDate(upload.expires_on)}{upload.expired ? <strong> (expired)</strong> : null}</span> : 'Does not expire') },
    {
      key: 'actions',
      label: 'Actions',
      render: (upload) => (
        <div className={styles.actions}>
          {previewOf(upload) === 'image' ? <Button variant="secondary" onClick={() => setImage(upload)}>View {upload.title}</Button> : null}
          {previewOf(upload) === 'pdf' ? <Button variant="secondary" onClick={() => setPdf(upload)}>View {upload.title}</Button> : null}
          <a href={fileUrl(upload, true)} download={upload.file_name}>Download {upload.title}</a>
          {canEdit ? <Button variant="secondary" onClick={() => setAction({ kind: 'replace', id: upload.id })}>Replace {upload.title}</Button> : null}
          {canEdit ? <Button variant="secondary" onClick={() => setAction({ kind: 'remove', id: upload.id })}>Remove {upload.title}</Button> : null}
        </div>
      ),
    },
  ];
  const acting = action ? list.data?.data.find((upload) => upload.id === action.id) : undefined;

  return (
    <div className={styles.screen}>
      <Section title="Uploads" actions={canEdit && !adding ? <Button onClick={() => setAdding(true)}>Upload a document</Button> : null}>
        <p className={styles.muted}>Documents on {ownerName}’s file. Opening or downloading one is recorded in the audit trail.</p>
        {options.error ? <ErrorPanel title="The document types could not be loaded" onRetry={() => void options.refetch()}>{options.error.message}</ErrorPanel> : null}
        {adding ? options.data ? <UploadForm owner={owner} ownerId={ownerId} options={options.data} onDone={() => setAdding(false)} /> : <Loading label="Loading the document types…" /> : null}
        {acting && action?.kind === 'replace' ? <ReplaceForm owner={owner} ownerId={ownerId} upload={acting} maxMb={maxMb} onDone={() => setAction(null)} /> : null}
        {acting && action?.kind === 'remove' ? <RemoveForm owner={owner} ownerId={ownerId} upload={acting} onDone={() => setAction(null)} /> : null}
        <ListTable caption="Documents on the file" columns={columns} page={list.data ?? null} loading={list.isFetching} error={list.error?.message ?? null}
          onSort={() => undefined} onPage={(page) => setPaging((now) => ({ ...now, page }))} onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
          onRetry={() => void list.refetch()} rowKey={(upload) => upload.id} empty="No documents uploaded yet." />
        {pdf ? (
          <div>
            <Button variant="secondary" onClick={() => setPdf(null)}>Close the PDF</Button>
            <Suspense fallback={<Loading label="Opening the PDF…" />}>
              <PdfViewer file={fileUrl(pdf)} title={pdf.title} downloadName={pdf.file_name} />
            </Suspense>
          </div>
        ) : null}
      </Section>
      <Lightbox display={image !== null} urls={image ? [fileUrl(image)] : []} alts={image ? [image.title] : undefined} label={image ? `Preview: ${image.title}` : undefined} onClose={() => setImage(null)} />
    </div>
  );
}
