import { useState } from 'react';
import { formatTime } from '@hcm/contract/format';
import type { QueuedWrite, WriteQueue } from '../queue/queue.js';
import { useServices } from './App.js';

/** What is on the phone and not yet sent; the refused ones with the server's words, to edit or discard. */
export function OutboxScreen({ queue }: { queue: WriteQueue }) {
  const { writes } = useServices();
  return (
    <>
      <p>
        <a href="#/">← Back to today</a>
      </p>
      <h2>Waiting to send</h2>
      {writes.length === 0 ? (
        <p>Everything has been sent.</p>
      ) : (
        <ul className="cards">
          {writes.map((write) => (
            <li key={write.id} className="card">
              <strong>{write.label}</strong> <span className="hint">({formatTime(write.deviceTime)})</span>
              {write.state === 'parked' ? <Parked write={write} queue={queue} /> : <p>Waiting to send{write.attempts ? ` (tried ${write.attempts} time${write.attempts === 1 ? '' : 's'})` : ''}.</p>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A refused write: the reason in words; the note text can be corrected, anything can be discarded. */
function Parked({ write, queue }: { write: QueuedWrite; queue: WriteQueue }) {
  const editable = typeof write.body.note === 'string';
  const [note, setNote] = useState(String(write.body.note ?? ''));
  const id = `fix-${write.id}`;
  return (
    <>
      <p className="error">Not accepted: {write.error}</p>
      {editable && (
        <>
          <label htmlFor={id}>Correct the note</label>
          <textarea id={id} value={note} onChange={(event) => setNote(event.target.value)} />
        </>
      )}
      <div className="row">
        {editable && (
          <button type="button" onClick={() => void queue.edit(write.id, { ...write.body, note })}>
            Send again
          </button>
        )}
        <button type="button" className="danger" onClick={() => window.confirm(`Discard “${write.label}”? It will not reach the office.`) && void queue.discard(write.id)}>
          Discard
        </button>
      </div>
    </>
  );
}
