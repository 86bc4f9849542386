import { useState, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, EmptyState, ErrorPanel, Loading, NotFound, PageHeader, useCan, useRouteName, useSession } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { SelectField, valibotResolver } from '@hcm/kit/forms';
import { ListTable } from '@hcm/kit/table';
import * as v from 'valibot';
import { CSV_COLUMNS, CsvUploadSchema, IMPORT_STATUSES, MAX_CSV_BYTES, type CsvImportDetail, type CsvImportRow, type ImportRow } from '../../contract/imports';
import { handleSaved } from '../planning/common';
import styles from './imports.module.css';
import { formatDateTime } from '@hcm/contract/format';

// CSV imports of visits (/app/visits/csv-imports): the list of imports, the upload (the file is read in the
// browser and sent as text), and the preview (every row with its errors in words) with the confirmation that
// imports the valid rows, then its report. Nothing is imported before the planner confirms.

const IMPORTS = 'api/v1/visits/csv-imports';
const statusWords = (status: string) => IMPORT_STATUSES.find((choice) => choice.value === status)?.label ?? status;

function ImportList() {
  useRouteName('CSV imports');
  const [paging, setPaging] = useState({ page: 1, page_size: 25 });
  const list = useApiQuery<Page<CsvImportRow>>(IMPORTS, paging, { failure: 'The imports could not be loaded.', keepPrevious: true });
  return (
    <div className={styles.screen}>
      <PageHeader title="CSV imports" actions={<Link to="/app/visits/csv-imports/add">Upload a CSV of visits</Link>} />
      <ListTable<CsvImportRow>
        caption="CSV imports of visits, newest first"
        columns={[
          { key: 'file_name', label: 'File', render: (row) => <Link to={`/app/visits/csv-imports/${row.id}/edit`}>{row.file_name}</Link> },
          { key: 'branch', label: 'Branch' },
          { key: 'status', label: 'Status', render: (row) => statusWords(row.status) },
          { key: 'rows', label: 'Rows', render: (row) => (row.status === 'imported' ? `${row.imported_rows} imported, ${row.skipped_rows} skipped` : `${row.valid_rows} of ${row.total_rows} valid`) },
          { key: 'uploaded', label: 'Uploaded', render: (row) => `${formatDateTime(row.created_at) || '—'}${row.uploaded_by_name ? ` by ${row.uploaded_by_name}` : ''}` },
        ]}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        onSort={() => undefined}
        onPage={(pageNumber) => setPaging((previous) => ({ ...previous, page: pageNumber }))}
        onPageSize={(size) => setPaging({ page: 1, page_size: size })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty={<EmptyState>No CSV has been uploaded yet.</EmptyState>}
      />
    </div>
  );
}

/** The file's text (FileReader: every browser, and jsdom). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

const UploadForm = v.object({ branch_id: CsvUploadSchema.entries.branch_id });

function UploadCsv() {
  useRouteName('Upload a CSV of visits');
  const navigate = useNavigate();
  const branches = useSession((state) => state.user?.branches ?? []);
  const form = useForm<{ branch_id: string }>({ resolver: valibotResolver(UploadForm) as never, defaultValues: { branch_id: branches.length === 1 ? String(branches[0]!.id) : '' } });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const upload = useApiMutation<CsvImportDetail, { branch_id: string | number; file_name: string; content: string }>({ request: (body) => api.post<CsvImportDetail>(IMPORTS, body), invalidates: [apiKey(IMPORTS)] });
  const submit = form.handleSubmit(async (values) => {
    setFileError('');
    if (!file) return setFileError('Choose a file.');
    if (file.size > MAX_CSV_BYTES) return setFileError('The file is larger than 1 MB: split it.');
    const content = await readText(file);
    const answer = await upload.submit({ branch_id: values.branch_id, file_name: file.name, content });
    if (answer.error && answer.errors) {
      const { content: contentErrors, file_name: nameErrors, ...rest } = answer.errors;
      setFileError((contentErrors ?? nameErrors ?? [])[0] ?? '');
      if (Object.keys(rest).length) handleSaved({ ...answer, errors: rest }, form, 'The file could not be read.');
      return;
    }
    if (handleSaved(answer, form, 'The file could not be read.') && answer.data) navigate(`/app/visits/csv-imports/${answer.data.id}/edit`);
  });
  return (
    <div className={styles.screen}>
      <PageHeader title="Upload a CSV of visits" actions={<Link to="/app/visits/csv-imports">All imports</Link>} />
      <section className={styles.section} aria-label="The file's columns">
        <h2>The file</h2>
        <p className={styles.muted}>A CSV with a first line naming its columns. Nothing is imported until you have seen the preview and confirmed.</p>
        <ul className={styles.columns}>
          {CSV_COLUMNS.map((column) => (
            <li key={column.key}>
              <strong>{column.label}</strong>: {column.help}
            </li>
          ))}
        </ul>
      </section>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event: FormEvent) => void submit(event)} noValidate aria-label="Upload a CSV">
          <SelectField name="branch_id" label="Branch" options={[{ value: '', label: 'Choose a branch' }, ...branches.map((branch) => ({ value: String(branch.id), label: branch.name }))]} />
          <label className={styles.field}>
            CSV file
            <input type="file" accept=".csv,text/csv" aria-invalid={fileError ? true : undefined} aria-describedby={fileError ? 'csv-file-error' : undefined} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </label>
          {fileError ? <p id="csv-file-error" className={styles.error} role="alert">{fileError}</p> : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>Upload and preview</Button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}

function RowOutcome({ row, status }: { row: ImportRow; status: string }) {
  if (row.visit_id) {
    return (
      <>
        Imported (visit <Link to={`/app/visits/${row.visit_id}`}>#{row.visit_id}</Link>){row.carer_name && !row.attention?.startsWith('Left') ? ` with ${row.carer_name}` : ''}
        {row.attention ? <span className={styles.skip}> <span aria-hidden="true">⚑</span> Needs attention: {row.attention}</span> : null}
      </>
    );
  }
  if (!row.errors.length) return <>{status === 'imported' ? 'Not imported' : `Will be imported${row.carer_name ? `, with ${row.carer_name} if the rules allow` : ''}`}</>;
  return (
    <>
      <span className={styles.skip}>Skipped:</span>
      <ul>
        {row.errors.map((error) => <li key={error}>{error}</li>)}
      </ul>
    </>
  );
}

export function ImportPreview() {
  useRouteName('CSV import');
  const { id = '' } = useParams();
  const detail = useApiQuery<CsvImportDetail>(`${IMPORTS}/${id}`, undefined, { failure: 'The import could not be loaded.' });
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const confirm = useApiMutation<CsvImportDetail, void>({ request: () => api.post<CsvImportDetail>(`${IMPORTS}/${id}/import`, { confirm: true }), invalidates: [apiKey(IMPORTS), apiKey(`${IMPORTS}/${id}`)] });
  if (detail.error) return <ErrorPanel title="The import could not be loaded" onRetry={() => void detail.refetch()}>{detail.error.message}</ErrorPanel>;
  if (!detail.data) return <Loading label="Loading the import…" />;
  const data = detail.data;
  const handleConfirm = async () => {
    setFailure('');
    setMessage('');
    const answer = await confirm.submit();
    if (answer.error) setFailure(answer.message || 'The import failed: nothing was imported.');
    else setMessage(answer.message);
    void detail.refetch();
  };
  const done = data.status === 'imported';
  return (
    <div className={styles.screen}>
      <PageHeader title={`${done ? 'Imported' : 'Preview'}: ${data.file_name}`} actions={<Link to="/app/visits/csv-imports">All imports</Link>} />
      <p className={styles.summary} role="status">
        {statusWords(data.status)}. {data.total_rows} row{data.total_rows === 1 ? '' : 's'} in the file for {data.branch}:{' '}
        {done ? `${data.imported_rows} imported, ${data.skipped_rows} skipped.` : `${data.valid_rows} can be imported, ${data.total_rows - data.valid_rows} will be skipped.`}
        {data.failure ? ` ${data.failure}` : ''}
      </p>
      {message ? <p role="status">{message}</p> : null}
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
      {!done ? (
        <div className={styles.actions}>
          <Button onClick={() => void handleConfirm()} disabled={confirm.isPending || data.valid_rows === 0}>
            Import {data.valid_rows} valid visit{data.valid_rows === 1 ? '' : 's'}
          </Button>
          <span className={styles.muted}>All or nothing: if anything fails, no visit is imported.</span>
        </div>
      ) : null}
      <table className={styles.table}>
        <caption className={styles.muted}>Every row of the file</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Client</th>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Carers</th>
            <th scope="col">Funder</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td>{row.client_name ?? row.values.client}</td>
              <td>{row.values.date}</td>
              <td>
                {row.values.start}–{row.values.end}
              </td>
              <td>{row.values.carers_needed || '1'}</td>
              <td>{row.values.funder_code}</td>
              <td>
                <RowOutcome row={row} status={data.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /app/visits/csv-imports (list), /add (upload), /:id/edit (preview, confirm, report). */
export default function CsvImportScreens() {
  const can = useCan();
  if (!can('visits.edit')) return <EmptyState>CSV imports need the visits.edit permission.</EmptyState>;
  return (
    <Routes>
      <Route index element={<ImportList />} />
      <Route path="add" element={<UploadCsv />} />
      <Route path=":id/edit" element={<ImportPreview />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
