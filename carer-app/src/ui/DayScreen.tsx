import type { DeviceVisit } from '@hcm/area-scheduler/contract/live-device.js';
import { addDays, ukToday } from '@hcm/contract/time';
import { formatDateLong } from '@hcm/contract/format';
import { useServices } from './App.js';
import { Notifications } from './Notifications.js';
import { useCachedRead } from './useCachedRead.js';

const STATUS: Record<string, string> = {
  unassigned: 'Not assigned',
  assigned: 'To do',
  'in-progress': 'In progress',
  completed: 'Done',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

export const mapsLink = (postcode: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(postcode)}`;

/** What is due at a visit, in a few words: its tasks and medication. */
function dueOf(visit: DeviceVisit): string {
  const parts = visit.tasks.map((task) => task.label);
  if (visit.requires_medication) parts.unshift('Medication');
  return parts.join(', ') || 'See the care sheet';
}

/** Today's or tomorrow's visits in order: time, client, address to the maps, status and what is due. */
export function DayScreen({ day }: { day: 'today' | 'tomorrow' }) {
  const { api, session, writes } = useServices();
  const { data, loading, note } = useCachedRead<DeviceVisit[]>(`visits:${session.email}:${day}`, `/api/v1/carer-app/visits?day=${day}`);
  const date = day === 'today' ? ukToday() : addDays(ukToday(), 1);
  // A day kept from an earlier date is not today's.
  const visits = (data ?? []).filter((visit) => visit.date === date).sort((a, b) => a.planned_start.localeCompare(b.planned_start));
  return (
    <>
      <nav className="tabs" aria-label="Day">
        <a href="#/" aria-current={day === 'today' ? 'page' : undefined}>
          Today
        </a>
        <a href="#/tomorrow" aria-current={day === 'tomorrow' ? 'page' : undefined}>
          Tomorrow
        </a>
        <a href="#/time-off">Time off</a>
      </nav>
      <h2>
        {day === 'today' ? 'Today' : 'Tomorrow'}, {formatDateLong(date)}
      </h2>
      {note && <p className="notice">{note}</p>}
      {loading ? (
        <p role="status">Loading your visits…</p>
      ) : visits.length === 0 ? (
        <p>No visits {day === 'today' ? 'today' : 'tomorrow'}.</p>
      ) : (
        <ul className="cards" aria-label="Visits">
          {visits.map((visit) => {
            const pending = writes.filter((write) => write.visitId === visit.id).length;
            return (
              <li key={visit.id} className="card">
                <div className="time">
                  {visit.start_time}–{visit.end_time}
                </div>
                <div className="client">{visit.client_name}</div>
                {visit.client_postcode && (
                  <div>
                    <a href={mapsLink(visit.client_postcode)} target="_blank" rel="noreferrer">
                      {visit.client_postcode} (open in maps)
                    </a>
                  </div>
                )}
                <div>
                  <span className="pill">{visit.check_out ? 'Checked out' : visit.check_in ? 'Checked in' : (STATUS[visit.status] ?? visit.status)}</span>
                  {pending ? <span className="hint"> · {pending} waiting to send</span> : null}
                </div>
                <div className="hint">Due: {dueOf(visit)}</div>
                {visit.allergies && <div className="flag">Allergies: {visit.allergies}</div>}
                <a className="open" href={`#/visit/${visit.id}`}>
                  Open visit: {visit.start_time} {visit.client_name}
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {day === 'today' && <Notifications api={api} token={session.token} />}
    </>
  );
}
