import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, SUPER_ADMIN, type Page } from '@hcm/contract';
import {
  ALL_MY_BRANCHES,
  NOTICE_AUDIENCES,
  PublishNoticeSchema,
  type NoticeAudience,
  type NoticeDetail as NoticeDetailData,
  type NoticeRecipient,
  type NoticeRow,
} from '@hcm/contract/schemas';
import { api, Button, ErrorPanel, Loading, notify, PageHeader, useCan, useRouteName, useSession } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, type Column } from '@hcm/kit/table';
import { DateTime, useApiGet } from './common';
import styles from './communication.module.css';

export const NOTICES_PATH = '/app/communication/notices';
const API = 'api/v1/communication/notices';

const audienceLabel = (audience: NoticeAudience) => NOTICE_AUDIENCES.find((choice) => choice.value === audience)?.label ?? audience;

const COLUMNS: Column<NoticeRow>[] = [
  { key: 'title', label: 'Title', render: (notice) => <Link to={`${NOTICES_PATH}/${notice.id}`}>{notice.title}</Link> },
  { key: 'audience', label: 'For', render: (notice) => audienceLabel(notice.audience) },
  { key: 'branch', label: 'Branch', render: (notice) => notice.branch?.name ?? 'Every branch' },
  { key: 'published_by', label: 'Published by', render: (notice) => notice.published_by?.name ?? '—' },
  { key: 'published_at', label: 'Published', render: (notice) => <DateTime value={notice.published_at} /> },
  { key: 'read', label: 'Read', render: (notice) => `${notice.read_count}/${notice.recipient_count}` },
];

/** /app/communication/notices: the notices of the user's branches, newest first, with how many have read each. */
export function NoticeList() {
  useRouteName('Notices');
  const can = useCan();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useApiGet<Page<NoticeRow>>(API, { page: paging.page, page_size: paging.pageSize }, 'The notices could not be loaded.');
  return (
    <>
      <PageHeader title="Notices" actions={can('notices.send') ? <ButtonLink to={`${NOTICES_PATH}/add`}>Publish a notice</ButtonLink> : null} />
      <ListTable
        caption="Notices"
        columns={COLUMNS}
        page={list.data}
        loading={list.loading}
        error={list.error}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={list.reload}
        rowKey={(notice) => notice.id}
        empty="No notices yet."
      />
    </>
  );
}

type NoticeForm = { title: string; body: string; audience: string; branch_id: string };

/**
 * /app/communication/notices/add: title, text, who it is for and where. The branch is one of the user's, or
 * all of them; the recipients are fixed when it is published. Validated with the server's own schema.
 */
export function PublishNotice() {
  useRouteName('Publish a notice');
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const myBranches = user?.branches ?? [];
  const allLabel = user?.userRole === SUPER_ADMIN ? 'Every branch' : 'All my branches';
  const form = useForm<NoticeForm>({
    resolver: valibotResolver(PublishNoticeSchema),
    defaultValues: { title: '', body: '', audience: '', branch_id: myBranches.length === 1 ? String(myBranches[0]!.id) : ALL_MY_BRANCHES },
  });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  // A new notice is in the office's list, and in "Notices for you" of its recipients (the publisher may be one).
  const publish = useApiMutation<NoticeRow[], NoticeForm>({
    request: (values) => api.post<NoticeRow[]>(API, values),
    invalidates: [apiKey(API), apiKey('api/v1/communication/my-notices')],
  });

  // The schema checks the form first; the server gets what was typed and applies the same schema.
  const handlePublish = form.handleSubmit(async () => {
    const answer = await publish.submit(form.getValues());
    if (answer.error) {
      // The form keeps what was typed; the server's per-field errors go on their fields.
      applyServerErrors(form.setError, answer.errors);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The notice could not be published.' });
      return;
    }
    notify({ type: 'success', message: answer.message || 'Notice published.' });
    const [first] = answer.data ?? [];
    leaveWithoutWarning();
    navigate(answer.data?.length === 1 && first ? `${NOTICES_PATH}/${first.id}` : NOTICES_PATH);
  });

  return (
    <>
      <PageHeader title="Publish a notice" />
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handlePublish(event)} noValidate aria-label="Publish a notice">
          <TextField name="title" label="Title" />
          <TextAreaField name="body" label="Notice" rows={6} />
          <SelectField
            name="audience"
            label="For"
            options={[{ value: '', label: 'Choose who it is for' }, ...NOTICE_AUDIENCES.map((choice) => ({ value: choice.value, label: choice.label }))]}
          />
          <SelectField
            name="branch_id"
            label="Branch"
            hint="Everyone of that kind in the branch receives it when you publish."
            options={[{ value: ALL_MY_BRANCHES, label: allLabel }, ...myBranches.map((branch) => ({ value: String(branch.id), label: branch.name }))]}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Publish notice
            </Button>
            <ButtonLink to={NOTICES_PATH} variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </FormProvider>
    </>
  );
}

function People({ title, people, empty }: { title: string; people: NoticeRecipient[]; empty: string }) {
  return (
    <section aria-label={title}>
      <h2>
        {title} ({people.length})
      </h2>
      {people.length ? (
        <ul>
          {people.map((person) => (
            <li key={person.user_id}>
              {person.name}
              {person.role_label ? <span className={styles.muted}> · {person.role_label}</span> : null}
              {person.read_at ? (
                <span className={styles.muted}>
                  {' '}
                  · <DateTime value={person.read_at} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{empty}</p>
      )}
    </section>
  );
}

/** /app/communication/notices/:id: the notice, who has read it and who has not. */
export function NoticeDetail() {
  const { id = '' } = useParams();
  const detail = useApiGet<NoticeDetailData>(`${API}/${id}`, undefined, 'The notice could not be loaded.');
  const notice = detail.data?.notice;
  useRouteName(notice?.title ?? 'Notice');
  return (
    <>
      <PageHeader title={notice?.title ?? 'Notice'} actions={<ButtonLink to={NOTICES_PATH} variant="secondary">All notices</ButtonLink>} />
      {detail.error ? (
        <ErrorPanel title="The notice could not be loaded" onRetry={detail.reload}>
          {detail.error}
        </ErrorPanel>
      ) : !detail.data || !notice ? (
        <Loading label="Loading the notice…" />
      ) : (
        <>
          <div className={styles.panel}>
            <p className={styles.meta}>
              For {audienceLabel(notice.audience).toLowerCase()} · {notice.branch?.name ?? 'every branch'} · published by{' '}
              {notice.published_by?.name ?? '—'} on <DateTime value={notice.published_at} /> · read by {notice.read_count} of{' '}
              {notice.recipient_count}
            </p>
            <p className={styles.noticeBody}>{notice.body}</p>
          </div>
          <div className={styles.people}>
            <People title="Read" people={detail.data.read} empty="Nobody has read it yet." />
            <People title="Not read yet" people={detail.data.unread} empty="Everyone has read it." />
          </div>
        </>
      )}
    </>
  );
}
