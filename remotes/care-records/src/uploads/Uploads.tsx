import { lazy, Suspense, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { Page } from '@hcm/contract';
import { api, Button, Loading, notify, toFormData, uploadWithProgress, useCan, useRuntime } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useInvalidate } from '@hcm/kit/data';
import { Lightbox, UploadProgress } from '@hcm/kit/elements';
import { applyServerErrors, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  UPLOAD_ACCEPT,
  UPLOAD_KINDS,
  UPLOAD_MAX_TEXT,
  UPLOAD_TYPES_TEXT,
  UploadDetailsSchema,
  uploadFileProblem,
  UploadRemovalSchema,
  type UploadRow,
  type UploadTypeChoice,
} from '../../contract';
import { clientPath, handleSaved, Section, styles } from '../daily/common';
import { formatDate, formatDateTime, formatFileSize } from '@hcm/contract/format';

// uploads: files on the client's record (types from reference data), uploaded with a progress bar, opened in
// the lightbox (images) or the PDF viewer (PDFs), downloaded otherwise, and removed with a reason (soft).

const PdfViewer = lazy(() => import('@hcm/kit/pdf').then((module) => ({ default: module.PdfViewer })));

const previewOf = (upload: UploadRow) => UPLOAD_KINDS.find((kind) => kind.kind === upload.file_kind)?.preview ?? 'download';

type DetailsForm = { upload_type_id: string; title: string; description: string; expires_on: string };

function UploadForm({ clientId, types, onDone }: { clientId: number; types: UploadTypeChoice[]; onDone: () => void }) {
  const fileId = useId();
  const invalidate = useInvalidate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<DetailsForm>({ resolver: valibotResolver(UploadDetailsSchema), defaultValues: { upload_type_id: '', title: '', description: '', expires_on: '' } });
  const typeId = form.watch('upload_type_id');
  const chosenType = types.find((type) => String(type.id) === typeId);

  const handleUpload = form.handleSubmit(async (values) => {
    const problem = uploadFileProblem(file);
    if (problem || !file) {
      setFileError(problem ?? 'Choose a file.');
      return;
    }
    setFileError('');
    setProgress(0);
    const answer = await uploadWithProgress<UploadRow>(clientPath(clientId, 'uploads'), toFormData({ ...form.getValues(), title: values.title, file }), { onProgress: ({ percent }) => setProgress(percent) });
    setProgress(null);
    if (answer.error) {
      // The questions keep what was typed; the file's own refusal is shown beside the file.
      const { file: fileErrors, ...rest } = answer.errors ?? {};
      if (fileErrors) setFileError(fileErrors[0] ?? answer.message);
      applyServerErrors(form.setError, Object.keys(rest).length ? rest : null);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The file could not be uploaded.' });
      return;
    }
    notify({ type: 'success', message: answer.message || 'File uploaded.' });
    await invalidate([apiKey(clientPath(clientId, 'uploads'))]);
    onDone();
  });

  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleUpload(event)} noValidate aria-label="Upload a file">
        <div className={styles.form}>
          <label htmlFor={fileId}>File</label>
          <input
            id={fileId}
            type="file"
            accept={UPLOAD_ACCEPT}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setFileError(chosen ? (uploadFileProblem(chosen) ?? '') : '');
              if (chosen && !uploadFileProblem(chosen) && !form.getValues('title')) form.setValue('title', chosen.name.replace(/\.[^.]+$/, ''));
            }}
          />
          <span id={`${fileId}-hint`} className={styles.muted}>
            {UPLOAD_TYPES_TEXT}; at most {UPLOAD_MAX_TEXT}.
          </span>
          {fileError ? <span id={`${fileId}-error`} className={styles.error} role="alert">{fileError}</span> : null}
        </div>
        <SelectField name="upload_type_id" label="Type of document" options={[{ value: '', label: 'Choose a type' }, ...types.map((type) => ({ value: String(type.id), label: type.name }))]} hint={chosenType?.description || undefined} />
        <TextField name="title" label="Title" />
        <TextAreaField name="description" label="Description" rows={2} />
        <TextField name="expires_on" label="Expiry date" type="date" hint={chosenType?.expires ? 'This type of document expires: give the date.' : 'Only if the document expires.'} />
        {progress !== null ? <UploadProgress label="Uploading" percent={progress} /> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={progress !== null}>Upload</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function Remove({ clientId, upload, onDone }: { clientId: number; upload: UploadRow; onDone: () => void }) {
  const form = useForm<{ reason: string }>({ resolver: valibotResolver(UploadRemovalSchema), defaultValues: { reason: '' } });
  const remove = useApiMutation<UploadRow, { reason: string }>({ request: (values) => api.post<UploadRow>(clientPath(clientId, `uploads/${upload.id}/remove`), values), invalidates: [apiKey(clientPath(clientId, 'uploads'))] });
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

export default function Uploads({ clientId }: { clientId: number }) {
  const can = useCan();
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const [adding, setAdding] = useState(false);
  const [typeFilter, setTypeFilter] = useState('');
  const [kind, setKind] = useState<'document' | 'receipt'>('document');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [image, setImage] = useState<UploadRow | null>(null);
  const [pdf, setPdf] = useState<UploadRow | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const types = useApiQuery<UploadTypeChoice[]>(clientPath(clientId, 'upload-types'), undefined, { failure: 'The document types could not be loaded.' });
  const list = useApiQuery<Page<UploadRow>>(clientPath(clientId, 'uploads'), { kind, type: typeFilter, page: paging.page, page_size: paging.pageSize }, { failure: 'The files could not be loaded.', keepPrevious: true });
  const fileUrl = (upload: UploadRow, download = false) => `${apiUrl}/${clientPath(clientId, `uploads/${upload.id}/file`)}${download ? '?download=1' : ''}`;

  const columns: Column<UploadRow>[] = [
    { key: 'title', label: 'Title', render: (upload) => (<><strong>{upload.title}</strong>{upload.description ? <p className={styles.muted}>{upload.description}</p> : null}</>) },
    { key: 'upload_type', label: 'Type' },
    { key: 'file', label: 'File', render: (upload) => `${upload.file_name} (${formatFileSize(upload.size_bytes)})` },
    { key: 'uploaded_at', label: 'Uploaded', render: (upload) => `${formatDateTime(upload.uploaded_at)} by ${upload.uploaded_by_name}` },
    { key: 'expires_on', label: 'Expires', render: (upload) => (upload.expires_on ? <span className={upload.expired ? styles.negative : undefined}>{formatDate(upload.expires_on)}{upload.expired ? ' (expired)' : ''}</span> : '—') },
    {
      key: 'actions',
      label: 'Actions',
      render: (upload) => (
        <div className={styles.actions}>
          {previewOf(upload) === 'image' ? <Button variant="secondary" onClick={() => setImage(upload)}>View {upload.title}</Button> : null}
          {previewOf(upload) === 'pdf' ? <Button variant="secondary" onClick={() => setPdf(upload)}>View {upload.title}</Button> : null}
          <a href={fileUrl(upload, true)} download={upload.file_name}>Download {upload.title}</a>
          {can('clients.edit') ? (
            removing === upload.id ? <Remove clientId={clientId} upload={upload} onDone={() => setRemoving(null)} /> : <Button variant="secondary" onClick={() => setRemoving(upload.id)}>Remove {upload.title}</Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className={styles.screen}>
      <Section title="Uploads" actions={can('clients.edit') && !adding ? <Button onClick={() => setAdding(true)}>Upload a file</Button> : null}>
        {adding ? types.data ? <UploadForm clientId={clientId} types={types.data} onDone={() => setAdding(false)} /> : <Loading label="Loading the document types…" /> : null}
        <form className={styles.toolbar} aria-label="Filter files" onSubmit={(event) => event.preventDefault()}>
          <label>
            Show
            <select value={kind} onChange={(event) => { setKind(event.target.value as 'document' | 'receipt'); setPaging((now) => ({ ...now, page: 1 })); }}>
              <option value="document">Documents</option>
              <option value="receipt">Receipts of money spent</option>
            </select>
          </label>
          {kind === 'document' ? (
            <label>
              Type
              <select value={typeFilter} onChange={(event) => { setTypeFilter(event.target.value); setPaging((now) => ({ ...now, page: 1 })); }}>
                <option value="">All types</option>
                {(types.data ?? []).map((type) => (
                  <option key={type.id} value={String(type.id)}>{type.name}</option>
                ))}
              </select>
            </label>
          ) : null}
        </form>
        <ListTable caption="Files on the record" columns={columns} page={list.data ?? null} loading={list.isFetching} error={list.error?.message ?? null}
          onSort={() => undefined} onPage={(page) => setPaging((now) => ({ ...now, page }))} onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
          onRetry={() => void list.refetch()} rowKey={(upload) => upload.id} empty="No files yet." />
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
