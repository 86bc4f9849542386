import { ukDate } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';
import { lazy, Suspense, useId, useState } from 'react';
import { Button, ErrorPanel, Loading, useRuntime } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { CareNoteSummary as Summary } from '../../contract';
import { clientPath, Section, shiftDay, styles } from './common';

// care-note-summary: a period in numbers (notes per category, concerns raised and escalated, fluids and meals per
// day as a table and a bar chart with the figures written beside the bars), and the same as a server-made PDF.

const PdfViewer = lazy(() => import('@hcm/kit/pdf').then((module) => ({ default: module.PdfViewer })));

export default function CareNoteSummary({ clientId }: { clientId: number }) {
  const [period, setPeriod] = useState({ from: shiftDay(ukDate(), -13), to: ukDate() });
  const [showPdf, setShowPdf] = useState(false);
  const fromId = useId();
  const toId = useId();
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const summary = useApiQuery<Summary>(clientPath(clientId, 'care-note-summary'), period, { failure: 'The summary could not be loaded.', keepPrevious: true });
  const data = summary.data;
  const most = Math.max(1, ...(data?.days ?? []).map((day) => day.fluid_ml));
  const pdfUrl = `${apiUrl}/${clientPath(clientId, 'care-note-summary.pdf')}?from=${period.from}&to=${period.to}`;
  return (
    <div className={styles.screen}>
      <Section title="Care note summary" actions={<Button variant="secondary" onClick={() => setShowPdf((shown) => !shown)} aria-expanded={showPdf}>{showPdf ? 'Hide the PDF' : 'Print (PDF)'}</Button>}>
        <div className={styles.toolbar}>
          <label htmlFor={fromId}>From</label>
          <input id={fromId} type="date" value={period.from} max={period.to} onChange={(event) => event.target.value && setPeriod((now) => ({ ...now, from: event.target.value }))} />
          <label htmlFor={toId}>To</label>
          <input id={toId} type="date" value={period.to} min={period.from} max={ukDate()} onChange={(event) => event.target.value && setPeriod((now) => ({ ...now, to: event.target.value }))} />
        </div>
        {showPdf ? (
          <Suspense fallback={<Loading label="Opening the PDF…" />}>
            <PdfViewer file={pdfUrl} title={`Care note summary ${period.from} to ${period.to}`} />
          </Suspense>
        ) : null}
        {summary.error ? (
          <ErrorPanel title="The summary could not be loaded" onRetry={() => void summary.refetch()}>
            {summary.error.message}
          </ErrorPanel>
        ) : !data ? (
          <Loading label="Loading the summary…" />
        ) : (
          <>
            <p>
              {data.total_notes} notes from {formatDate(data.from)} to {formatDate(data.to)}. Concerns raised: {data.concerns.length}, escalated: {data.concerns_escalated}.
            </p>
            <table className={styles.table}>
              <caption>Notes per category</caption>
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col" className={styles.number}>Notes</th>
                </tr>
              </thead>
              <tbody>
                {data.by_category.map((row) => (
                  <tr key={row.category}>
                    <th scope="row">{row.label}</th>
                    <td className={styles.number}>{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3>Concerns</h3>
            {data.concerns.length === 0 ? (
              <p className={styles.muted}>No concerns were raised in this period.</p>
            ) : (
              <ul className={styles.notes} aria-label="Concerns raised">
                {data.concerns.map((concern) => (
                  <li key={concern.id} className={[styles.note, styles.concern].join(' ')}>
                    <strong>
                      {formatDate(concern.visit_date)} · {concern.category_label} · {concern.author_name}
                    </strong>
                    <p>{concern.note}</p>
                    <p>Escalated to: {concern.escalated_to || 'not recorded'}</p>
                  </li>
                ))}
              </ul>
            )}
            <table className={styles.table}>
              <caption>Fluids and meals per day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col" className={styles.number}>Fluids (ml)</th>
                  <th scope="col" className={styles.number}>Meals mostly eaten</th>
                  <th scope="col" className={styles.number}>Notes</th>
                  <th scope="col" className={styles.number}>Concerns</th>
                </tr>
              </thead>
              <tbody>
                {data.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatDate(day.date)}</th>
                    <td className={styles.number}>{day.fluid_ml}</td>
                    <td className={styles.number}>
                      {day.meals_eaten} of {day.meals_offered}
                    </td>
                    <td className={styles.number}>{day.notes}</td>
                    <td className={styles.number}>{day.concerns}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <figure>
              <figcaption>Fluids per day (the same figures as the table)</figcaption>
              <ul className={styles.chart} aria-hidden="true">
                {data.days.map((day) => (
                  <li key={day.date}>
                    <span>{day.date.slice(5)}</span>
                    <span className={styles.track}>
                      <span className={styles.bar} style={{ display: 'block', width: `${(day.fluid_ml / most) * 100}%` }} />
                    </span>
                    <span className={styles.number}>{day.fluid_ml} ml</span>
                  </li>
                ))}
              </ul>
            </figure>
          </>
        )}
      </Section>
    </div>
  );
}
