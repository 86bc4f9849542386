import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  CreateLinkSchema,
  LINK_DEFAULT_DAYS,
  LINK_MAX_DAYS,
  ShareClientSchema,
  type HealthProfessionalLinkRow,
  type SharedClientRow,
} from '@hcm/contract/schemas';
import { api, Button, EmptyState, ErrorPanel, Loading, notify } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, CheckboxField, SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import styles from './AccessPanel.module.css';

import { formatDate, formatDateTime } from '@hcm/contract/format';
type Candidate = { id: number; name: string; date_of_birth: string };

const base = (id: number) => `api/v1/health-professionals/${id}`;
// What the panel reads, by professional: sharing changes both the list and the choices; links their list.
const sharesPath = (id: number) => `${base(id)}/shares`;
const candidatesPath = (id: number) => `${base(id)}/shares/candidates`;
const linksPath = (id: number) => `${base(id)}/links`;

const STATUS_LABELS: Record<HealthProfessionalLinkRow['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

/** The clients shared with the professional: a list with "Remove", and a select of the user's other clients. */
function SharedClients({ professionalId }: { professionalId: number }) {
  const list = useApiQuery<SharedClientRow[]>(sharesPath(professionalId), undefined, { failure: 'The shared clients could not be loaded.' });
  const options = useApiQuery<Candidate[]>(candidatesPath(professionalId), undefined, { failure: 'The shared clients could not be loaded.' });
  const shared = list.data ?? null;
  const candidates = options.data ?? [];
  const loadError = list.error?.message ?? options.error?.message ?? null;
  const form = useForm<{ client_id: string }>({ resolver: valibotResolver(ShareClientSchema), defaultValues: { client_id: '' } });
  // Sharing or removing a client changes the shared list and the clients left to share.
  const changed = [apiKey(sharesPath(professionalId)), apiKey(candidatesPath(professionalId))];
  const share = useApiMutation<SharedClientRow[], { client_id: string }>({ request: (values) => api.post<SharedClientRow[]>(sharesPath(professionalId), values), invalidates: changed });
  const unshare = useApiMutation<SharedClientRow[], SharedClientRow>({ request: (row) => api.delete<SharedClientRow[]>(`${sharesPath(professionalId)}/${row.client_id}`) });
  const reload = () => {
    void list.refetch();
    void options.refetch();
  };

  const handleShare = form.handleSubmit(async (values) => {
    const answer = await share.submit(values);
    if (answer.error) {
      applyServerErrors(form.setError, answer.errors);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The client could not be shared.' });
      return;
    }
    notify({ type: 'success', message: answer.message || 'Client shared.' });
    form.reset({ client_id: '' });
  });

  const remove = async (row: SharedClientRow) => {
    const answer = await unshare.submit(row);
    if (answer.error) notify({ type: 'danger', message: answer.message || 'The client could not be removed.' });
    else notify({ type: 'success', message: `${row.name} is no longer shared.` });
    // Asked again either way: a refusal may mean the list changed meanwhile.
    reload();
  };

  if (loadError) return <ErrorPanel title="Shared clients could not be loaded" onRetry={reload}>{loadError}</ErrorPanel>;
  if (!shared || !options.data) return <Loading label="Loading shared clients…" />;

  return (
    <section aria-labelledby="hp-shared-heading" className={styles.section}>
      <h3 id="hp-shared-heading">Shared clients</h3>
      {shared.length === 0 ? (
        <EmptyState>No clients are shared with this professional yet.</EmptyState>
      ) : (
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>Clients shared with this professional</caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Date of birth</th>
              <th scope="col">Shared</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shared.map((row) => (
              <tr key={row.client_id}>
                <td>{row.name}</td>
                <td>{formatDate(row.date_of_birth)}</td>
                <td>
                  {formatDateTime(row.shared_at)}
                  {row.shared_by ? ` by ${row.shared_by}` : ''}
                </td>
                <td>
                  <Button variant="secondary" onClick={() => void remove(row)} aria-label={`Stop sharing ${row.name}`}>
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FormProvider {...form}>
        <form className={styles.inlineForm} onSubmit={handleShare} noValidate aria-label="Share another client">
          <SelectField
            name="client_id"
            label="Share a client"
            hint={candidates.length ? undefined : 'All of your clients are already shared, or you have none.'}
            options={[{ value: '', label: 'Choose a client' }, ...candidates.map((client) => ({ value: String(client.id), label: `${client.name} (born ${formatDate(client.date_of_birth)})` }))]}
          />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Share
          </Button>
        </form>
      </FormProvider>
    </section>
  );
}

type LinkFormValues = { expires_in_days: string; send_email: boolean };

/** Links: create (expiry, "email it"), the new URL shown once with a copy button, the list with revoke. */
function Links({ professionalId }: { professionalId: number }) {
  const list = useApiQuery<HealthProfessionalLinkRow[]>(linksPath(professionalId), undefined, { failure: 'The links could not be loaded.' });
  // A link opens every client shared with the professional: staff of other branches' clients may not manage them.
  const refused = list.error?.status === 403 ? list.error.message : null;
  const loadError = list.error && !refused ? list.error.message : null;
  const links = list.error ? null : (list.data ?? null);
  const linksKey = [apiKey(linksPath(professionalId))];
  const create = useApiMutation<{ url: string; emailed: boolean }, LinkFormValues>({
    request: (values) => api.post<{ url: string; emailed: boolean }>(linksPath(professionalId), values),
    invalidates: linksKey,
  });
  const revokeLink = useApiMutation<HealthProfessionalLinkRow, HealthProfessionalLinkRow>({
    request: (link) => api.post<HealthProfessionalLinkRow>(`${linksPath(professionalId)}/${link.id}/revoke`),
  });
  const [created, setCreated] = useState<{ url: string; message: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const urlId = useId();
  const form = useForm<LinkFormValues>({
    resolver: valibotResolver(CreateLinkSchema),
    defaultValues: { expires_in_days: String(LINK_DEFAULT_DAYS), send_email: false },
  });

  const handleCreate = form.handleSubmit(async (values) => {
    setCopied(false);
    const answer = await create.submit(values);
    if (answer.error || !answer.data) {
      applyServerErrors(form.setError, answer.errors);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The link could not be created.' });
      return;
    }
    setCreated({ url: answer.data.url, message: answer.message });
    notify({ type: 'success', message: answer.message || 'Link created.' });
    form.reset({ expires_in_days: String(LINK_DEFAULT_DAYS), send_email: false });
  });

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
    } catch {
      notify({ type: 'warning', message: 'The link could not be copied: select it and copy it by hand.' });
    }
  };

  const revoke = async (link: HealthProfessionalLinkRow) => {
    const answer = await revokeLink.submit(link);
    if (answer.error) notify({ type: 'danger', message: answer.message || 'The link could not be revoked.' });
    else notify({ type: 'success', message: 'Link revoked. Anyone who opened it has been signed out.' });
    // Asked again either way: a refusal may mean the link changed meanwhile.
    await list.refetch();
  };

  return (
    <section aria-labelledby="hp-links-heading" className={styles.section}>
      <h3 id="hp-links-heading">Links</h3>
      <p className={styles.muted}>
        A link opens this professional&apos;s shared clients without a password until it expires or is revoked. It is shown
        once: copy it now or email it.
      </p>
      {refused ? (
        <p className={styles.muted} role="note">
          {refused}
        </p>
      ) : (
      <FormProvider {...form}>
        <form className={styles.inlineForm} onSubmit={handleCreate} noValidate aria-label="Create a link">
          <TextField name="expires_in_days" label="Expires after (days)" type="number" min={1} max={LINK_MAX_DAYS} inputMode="numeric" hint={`1 to ${LINK_MAX_DAYS} days`} />
          <CheckboxField name="send_email" label="Email it to the professional" />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Creating…' : 'Create link'}
          </Button>
        </form>
      </FormProvider>
      )}
      {created ? (
        <div className={styles.created} role="status">
          <p>{created.message} It will not be shown again.</p>
          <label htmlFor={urlId}>New link</label>
          <div className={styles.copyRow}>
            <input id={urlId} readOnly value={created.url} onFocus={(event) => event.target.select()} />
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      ) : null}
      {loadError ? <ErrorPanel title="Links could not be loaded" onRetry={() => void list.refetch()}>{loadError}</ErrorPanel> : null}
      {!links && !loadError && !refused ? <Loading label="Loading links…" /> : null}
      {links && links.length === 0 ? <EmptyState>No links yet.</EmptyState> : null}
      {links && links.length > 0 ? (
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>Links for this professional</caption>
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.id}>
                <td>
                  {formatDateTime(link.created_at)}
                  {link.created_by ? ` by ${link.created_by}` : ''}
                </td>
                <td>{formatDateTime(link.expires_at) || '—'}</td>
                <td>{link.last_used_at ? formatDateTime(link.last_used_at) : 'Never'}</td>
                <td>{STATUS_LABELS[link.status]}</td>
                <td>
                  {link.status === 'active' ? (
                    <Button variant="secondary" onClick={() => void revoke(link)} aria-label={`Revoke the link created ${formatDateTime(link.created_at)}`}>
                      Revoke
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** The edit page's "Access" panel: who this professional can see, and the links that let them in. */
export function AccessPanel({ professionalId }: { professionalId: number }) {
  return (
    <section aria-labelledby="hp-access-heading" className={styles.panel}>
      <h2 id="hp-access-heading">Access</h2>
      <SharedClients professionalId={professionalId} />
      <Links professionalId={professionalId} />
    </section>
  );
}
