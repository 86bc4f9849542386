import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { useId, useState } from 'react';
import { ErrorPanel, Loading } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { BLADDER_OUTCOMES, BOWEL_OUTCOMES, FOOD_PORTIONS, labelOf, MOODS, type DailyReport } from '../../contract';
import { clientPath, Section, shiftDay, styles } from './common';

// daily-reporting: one day's notes across the calls, in call order, with the day's totals (fluids, meals,
// concerns). A note corrected since is shown marked amended and counted once, as its correction.

export default function DailyReporting({ clientId }: { clientId: number }) {
  const [date, setDate] = useState(ukDate());
  const dateId = useId();
  const report = useApiQuery<DailyReport>(clientPath(clientId, 'daily-report'), { date }, { failure: 'The day could not be loaded.', keepPrevious: true });
  const day = report.data;
  return (
    <div className={styles.screen}>
      <Section title="Daily report">
        <div className={styles.toolbar}>
          <label htmlFor={dateId}>Day</label>
          <input id={dateId} type="date" value={date} max={ukDate()} onChange={(event) => event.target.value && setDate(event.target.value)} />
          <button type="button" onClick={() => setDate(shiftDay(date, -1))}>
            Previous day
          </button>
          <button type="button" onClick={() => setDate(shiftDay(date, 1))} disabled={date >= ukDate()}>
            Next day
          </button>
        </div>
        {report.error ? (
          <ErrorPanel title="The day could not be loaded" onRetry={() => void report.refetch()}>
            {report.error.message}
          </ErrorPanel>
        ) : !day ? (
          <Loading label="Loading the day…" />
        ) : (
          <>
            <h3>{formatDate(day.date)}</h3>
            <ul className={styles.totals} aria-label="The day's totals">
              <li>
                <strong>{day.totals.fluid_ml} ml</strong> fluids taken
              </li>
              <li>
                <strong>
                  {day.totals.meals_eaten} of {day.totals.meals_offered}
                </strong>{' '}
                meals mostly eaten
              </li>
              <li>
                <strong>{day.totals.calls}</strong> calls with notes
              </li>
              <li>
                <strong>{day.totals.concerns}</strong> {day.totals.concerns === 1 ? 'concern' : 'concerns'} raised
              </li>
            </ul>
            {day.notes.length === 0 ? (
              <p className={styles.muted}>No notes for this day.</p>
            ) : (
              <ol className={styles.notes} aria-label="Notes in call order">
                {day.notes.map((note) => (
                  <li key={note.id} className={styles.note}>
                    <h4>
                      {note.planned_time || 'Between calls'} · {note.category_label}
                      {note.amended_by_id ? <span className={styles.badge}>Amended</span> : null}
                    </h4>
                    <p>{note.note}</p>
                    {note.amends_id ? <p className={styles.muted}>Correction of note {note.amends_id}: {note.amendment_reason}</p> : null}
                    <dl className={styles.facts}>
                      {note.fluid_ml !== null ? (
                        <>
                          <dt>Fluids</dt>
                          <dd>{note.fluid_ml} ml</dd>
                        </>
                      ) : null}
                      {note.food_portion ? (
                        <>
                          <dt>Food</dt>
                          <dd>
                            {labelOf(FOOD_PORTIONS, note.food_portion)}
                            {note.food_description ? ` (${note.food_description})` : ''}
                          </dd>
                        </>
                      ) : null}
                      {note.mood ? (
                        <>
                          <dt>Mood</dt>
                          <dd>{labelOf(MOODS, note.mood)}</dd>
                        </>
                      ) : null}
                      {note.bowel || note.bladder ? (
                        <>
                          <dt>Continence</dt>
                          <dd>{[note.bowel && labelOf(BOWEL_OUTCOMES, note.bowel), note.bladder && labelOf(BLADDER_OUTCOMES, note.bladder)].filter(Boolean).join('; ')}</dd>
                        </>
                      ) : null}
                      <dt>Written by</dt>
                      <dd>
                        {note.author_name}, {formatDateTime(note.written_at)}
                      </dd>
                    </dl>
                    {note.concern ? <p className={styles.concern}>Concern raised, escalated to {note.escalated_to}.</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </Section>
    </div>
  );
}
