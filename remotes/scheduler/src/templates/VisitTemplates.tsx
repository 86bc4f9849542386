import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { useState } from 'react';
import { api, Button, EmptyState, ErrorPanel, Loading, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import type { ClientTemplates, GenerateAnswer, TemplateDetail, TemplateEnded, TemplateRow, TemplateSaved } from '../../contract/templates';
import { clientPath, plural, Section, shiftDay, styles, templatePath } from './common';
import { describeVisits, TemplateFormSection } from './TemplateForm';

// The client record's `visit-templates` tab: the client's rota templates, a form to add or edit one (the weekly
// pattern per week of the cycle), "Generate the next 4 weeks" with its report, and after an edit how many visits
// changed, were kept and skipped.

type Editing = { mode: 'new' } | { mode: 'edit'; id: number } | null;

function GenerateReport({ report }: { report: GenerateAnswer }) {
  return (
    <div role="status" className={styles.report} aria-label="Generation report">
      <strong>
        Visits from {formatDate(report.from)} to {formatDate(report.to)}: {plural(report.created, 'visit')} generated, {report.already_there} there already.
      </strong>
      <span>
        {plural(report.assigned, 'visit')} given their preferred carers; {plural(report.left_for_auto_assign, 'visit')} left for auto-assign or the planner.
      </span>
      {report.needs_attention ? (
        <span>
          {plural(report.needs_attention, 'visit')} need{report.needs_attention === 1 ? 's' : ''} attention: a preferred carer the rules refuse was left off, or went on with a warning (see{' '}
          <a href="/app/visits/needs-attention">Needs attention</a>).
        </span>
      ) : null}
      {report.bank_holidays_skipped ? <span>{plural(report.bank_holidays_skipped, 'call')} not made on bank holidays (the template skips them).</span> : null}
      {report.skipped.length ? (
        <span>
          Skipped: {report.skipped.map((skip) => `${skip.client} (${skip.reason.toLowerCase()})`).join(', ')}.
        </span>
      ) : null}
    </div>
  );
}

function EditTemplate({ clientId, id, options, onDone }: { clientId: number; id: number; options: ClientTemplates; onDone: (saved: TemplateSaved | null) => void }) {
  const detail = useApiQuery<TemplateDetail>(templatePath(id), undefined, { failure: 'The template could not be loaded.', refetchOnWindowFocus: false });
  if (detail.error) return <ErrorPanel title="The template could not be loaded" onRetry={() => void detail.refetch()}>{detail.error.message}</ErrorPanel>;
  if (!detail.data) return <Loading label="Loading the template…" />;
  return <TemplateFormSection clientId={clientId} options={options} template={detail.data} onDone={onDone} />;
}

function TemplatesTable({ rows, canEdit, onEdit, onEnd }: { rows: TemplateRow[]; canEdit: boolean; onEdit: (id: number) => void; onEnd: (row: TemplateRow) => void }) {
  return (
    <table className={styles.table}>
      <caption className={styles.muted}>Rota templates</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Dates</th>
          <th scope="col">Repeats</th>
          <th scope="col">Calls</th>
          <th scope="col">Hours a week</th>
          <th scope="col">Funder</th>
          <th scope="col">Bank holidays</th>
          <th scope="col">State</th>
          <th scope="col">Next visit</th>
          {canEdit ? <th scope="col">Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{row.name}</td>
            <td>
              {formatDate(row.starts_on)} – {row.ends_on ? formatDate(row.ends_on) : 'no end'}
            </td>
            <td>{row.repeat_weeks === 1 ? 'Every week' : `Every ${row.repeat_weeks} weeks`}</td>
            <td>{plural(row.calls_per_cycle, 'call')}</td>
            <td>{row.hours_per_week}</td>
            <td>{row.funder_code ?? 'None'}</td>
            <td>{row.bank_holidays === 'skip' ? 'Skipped' : 'Run'}</td>
            <td>
              <span className={styles.state}>{row.active ? 'Active' : 'Ended'}</span>
            </td>
            <td>{row.next_visit ? formatDateTime(row.next_visit) : 'None generated'}</td>
            {canEdit ? (
              <td>
                {row.active ? (
                  <div className={styles.actions}>
                    <Button variant="secondary" onClick={() => onEdit(row.id)} aria-label={`Edit ${row.name}`}>
                      Edit
                    </Button>
                    <Button variant="secondary" onClick={() => onEnd(row)} aria-label={`End ${row.name}`}>
                      End
                    </Button>
                  </div>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function VisitTemplates({ clientId }: { clientId: number }) {
  const can = useCan();
  const canEdit = can('scheduler.edit');
  const path = clientPath(clientId, 'visit-templates');
  const list = useApiQuery<ClientTemplates>(path, undefined, { failure: 'The visit templates could not be loaded.' });
  const [editing, setEditing] = useState<Editing>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [report, setReport] = useState<GenerateAnswer | null>(null);
  const generate = useApiMutation<GenerateAnswer, void>({
    request: () => {
      const from = ukDate();
      return api.post<GenerateAnswer>('api/v1/scheduler/generate', { from, to: shiftDay(from, 27), client_id: clientId });
    },
    invalidates: [apiKey(path), apiKey('api/v1/visits')],
  });
  const end = useApiMutation<TemplateEnded, TemplateRow>({ request: (row) => api.delete<TemplateEnded>(templatePath(row.id)), invalidates: [apiKey(path), apiKey('api/v1/visits')] });

  if (list.error) return <ErrorPanel title="The visit templates could not be loaded" onRetry={() => void list.refetch()}>{list.error.message}</ErrorPanel>;
  if (!list.data) return <Loading label="Loading visit templates…" />;
  const data = list.data;

  const done = (saved: TemplateSaved | null) => {
    setEditing(null);
    if (!saved) return;
    const wasEdit = editing?.mode === 'edit';
    setOutcome(
      `${saved.template.name} saved. ${wasEdit ? `${describeVisits(saved.visits)}.` : 'Generate its visits when ready.'}` +
        (saved.warnings.length ? ` Check: ${saved.warnings.map((warning) => warning.message).join(' ')}` : ''),
    );
  };

  async function runGenerate() {
    setReport(null);
    const answer = await generate.submit();
    if (answer.error || !answer.data) return notify({ type: 'danger', message: answer.message || 'The visits could not be generated.' });
    setReport(answer.data);
  }

  async function endTemplate(row: TemplateRow) {
    if (!window.confirm(`End “${row.name}”? Its future visits not started are removed; visits changed by hand are kept.`)) return;
    const answer = await end.submit(row);
    if (answer.error) return notify({ type: 'danger', message: answer.message || 'The template could not be ended.' });
    setOutcome(answer.message);
  }

  const receiving = data.client.status === 'active';
  return (
    <div className={styles.screen}>
      <Section
        title="Visit templates"
        actions={
          canEdit ? (
            <>
              <Button onClick={() => setEditing({ mode: 'new' })} disabled={editing !== null}>
                Add a template
              </Button>
              <Button variant="secondary" onClick={() => void runGenerate()} disabled={generate.isPending || !data.templates.some((row) => row.active)}>
                {generate.isPending ? 'Generating…' : 'Generate the next 4 weeks'}
              </Button>
            </>
          ) : null
        }
      >
        <p className={styles.muted}>
          {data.client.name}’s repeating pattern of calls. Visits are generated from the active templates; editing a template changes future visits not yet started and not changed by hand.
          {receiving ? '' : ` ${data.client.name} is not receiving care just now (${data.client.status.replace('-', ' ')}): no visits are generated.`}
        </p>
        {outcome ? (
          <p role="status" className={styles.report}>
            {outcome}
          </p>
        ) : null}
        {report ? <GenerateReport report={report} /> : null}
        {data.templates.length ? (
          <TemplatesTable rows={data.templates} canEdit={canEdit} onEdit={(id) => setEditing({ mode: 'edit', id })} onEnd={(row) => void endTemplate(row)} />
        ) : (
          <EmptyState>No rota template yet{canEdit ? ': add one to plan this client’s calls.' : '.'}</EmptyState>
        )}
      </Section>
      {editing?.mode === 'new' ? <TemplateFormSection clientId={clientId} options={data} template={null} onDone={done} /> : null}
      {editing?.mode === 'edit' ? <EditTemplate key={editing.id} clientId={clientId} id={editing.id} options={data} onDone={done} /> : null}
    </div>
  );
}
