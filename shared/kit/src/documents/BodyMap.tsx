import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { BODY_MAP_KINDS, type BodyMapPoint, type DocumentField } from '@hcm/contract/documents';
import { Button } from '@hcm/kit';
import { GroupShell, useFieldError, useFieldId } from './FieldShell';
import styles from './documents.module.css';

// A body map: a front and a back figure on which marks (bruises, pressure damage, wounds) are placed. Three
// ways to place one, so it works without a mouse: click the figure; focus a figure and move its marker with
// the arrow keys, then Enter; or choose the view and the part of the body from lists and press "Add mark".
// Every mark is also listed as text. Positions are per cent of the figure's width and height.

type View = BodyMapPoint['view'];
type Region = { label: string; x: number; y: number };

/**
 * Named parts of the body with where they sit on each figure. On the front the person faces us, so their
 * right is on our left; on the back their left is on our left. Heels and the base of the spine are listed
 * because that is where pressure damage starts.
 */
export const BODY_REGIONS: Record<View, readonly Region[]> = {
  front: [
    { label: 'Head and face', x: 50, y: 7 },
    { label: 'Neck', x: 50, y: 14 },
    { label: 'Right shoulder', x: 32, y: 18 },
    { label: 'Left shoulder', x: 68, y: 18 },
    { label: 'Chest', x: 50, y: 24 },
    { label: 'Abdomen', x: 50, y: 35 },
    { label: 'Right upper arm', x: 25, y: 25 },
    { label: 'Left upper arm', x: 75, y: 25 },
    { label: 'Right elbow', x: 22, y: 32 },
    { label: 'Left elbow', x: 78, y: 32 },
    { label: 'Right forearm', x: 20, y: 39 },
    { label: 'Left forearm', x: 80, y: 39 },
    { label: 'Right hand', x: 18, y: 50 },
    { label: 'Left hand', x: 82, y: 50 },
    { label: 'Right hip', x: 36, y: 45 },
    { label: 'Groin', x: 50, y: 46 },
    { label: 'Left hip', x: 64, y: 45 },
    { label: 'Right thigh', x: 42, y: 56 },
    { label: 'Left thigh', x: 58, y: 56 },
    { label: 'Right knee', x: 42, y: 68 },
    { label: 'Left knee', x: 58, y: 68 },
    { label: 'Right shin', x: 42, y: 80 },
    { label: 'Left shin', x: 58, y: 80 },
    { label: 'Right ankle', x: 42, y: 90 },
    { label: 'Left ankle', x: 58, y: 90 },
    { label: 'Right foot', x: 42, y: 95 },
    { label: 'Left foot', x: 58, y: 95 },
  ],
  back: [
    { label: 'Back of the head', x: 50, y: 7 },
    { label: 'Back of the neck', x: 50, y: 14 },
    { label: 'Left shoulder blade', x: 38, y: 22 },
    { label: 'Right shoulder blade', x: 62, y: 22 },
    { label: 'Upper back and spine', x: 50, y: 27 },
    { label: 'Left elbow', x: 22, y: 32 },
    { label: 'Right elbow', x: 78, y: 32 },
    { label: 'Lower back', x: 50, y: 38 },
    { label: 'Base of the spine (sacrum)', x: 50, y: 44 },
    { label: 'Left buttock', x: 41, y: 48 },
    { label: 'Right buttock', x: 59, y: 48 },
    { label: 'Back of the left thigh', x: 42, y: 58 },
    { label: 'Back of the right thigh', x: 58, y: 58 },
    { label: 'Back of the left knee', x: 42, y: 68 },
    { label: 'Back of the right knee', x: 58, y: 68 },
    { label: 'Left calf', x: 42, y: 79 },
    { label: 'Right calf', x: 58, y: 79 },
    { label: 'Left heel', x: 42, y: 95 },
    { label: 'Right heel', x: 58, y: 95 },
  ],
};

export const VIEW_LABELS: Record<View, string> = { front: 'Front', back: 'Back' };

/** The named part of the body nearest a point. */
export function regionNear(view: View, x: number, y: number): string {
  let nearest = BODY_REGIONS[view][0]!;
  let best = Infinity;
  for (const region of BODY_REGIONS[view]) {
    // Heights count double: the figure is twice as tall as it is wide.
    const distance = (region.x - x) ** 2 + (2 * (region.y - y)) ** 2;
    if (distance < best) {
      best = distance;
      nearest = region;
    }
  }
  return nearest.label;
}

export const kindLabel = (kind: string) => BODY_MAP_KINDS.find((candidate) => candidate.value === kind)?.label ?? kind;

/** A mark in words: "Bruise, front, near left knee: 3 cm, yellowing". */
export function pointText(point: BodyMapPoint): string {
  return `${kindLabel(point.kind)}, ${point.view}, near ${regionNear(point.view, point.x, point.y).toLowerCase()}${point.note ? `: ${point.note}` : ''}`;
}

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** The outline of a person, in a 50 × 100 box (the same for front and back; the labels say which). */
function Outline() {
  return (
    <g className={styles.figureOutline}>
      <ellipse cx="25" cy="7" rx="5" ry="6" />
      <rect x="22.5" y="12.5" width="5" height="3.5" />
      <rect x="15" y="15.5" width="20" height="30" rx="4" />
      <path d="M15.5 17 L10.5 19 L7.5 47 L11 48 L14 29 Z" />
      <path d="M34.5 17 L39.5 19 L42.5 47 L39 48 L36 29 Z" />
      <circle cx="9" cy="50" r="2.5" />
      <circle cx="41" cy="50" r="2.5" />
      <path d="M16 44 L25 44 L24 92 L19 92 Z" />
      <path d="M25 44 L34 44 L31 92 L26 92 Z" />
      <ellipse cx="21" cy="95" rx="4" ry="2" />
      <ellipse cx="29" cy="95" rx="4" ry="2" />
    </g>
  );
}

function Marks({ points, view }: { points: readonly BodyMapPoint[]; view: View }) {
  return (
    <>
      {points.map((point, index) =>
        point.view === view ? (
          <g key={index} className={styles.mark} data-kind={point.kind}>
            <circle cx={point.x / 2} cy={point.y} r="2.2" />
            <text x={point.x / 2} y={point.y + 1} textAnchor="middle">
              {index + 1}
            </text>
          </g>
        ) : null,
      )}
    </>
  );
}

/** The two figures with their marks, to read (the marks are listed beside them as text). */
export function BodyMapFigures({ points }: { points: readonly BodyMapPoint[] }) {
  return (
    <div className={styles.figures} aria-hidden="true">
      {(['front', 'back'] as const).map((view) => (
        <figure key={view} className={styles.figure}>
          <svg viewBox="0 0 50 100" className={styles.figureSvg}>
            <Outline />
            <Marks points={points} view={view} />
          </svg>
          <figcaption>{VIEW_LABELS[view]}</figcaption>
        </figure>
      ))}
    </div>
  );
}

export function BodyMapInput({ field, name }: { field: DocumentField; name: string }) {
  const { control } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  return (
    <GroupShell id={id} label={field.label} hint={field.hint} error={error} required={field.required}>
      <Controller
        control={control}
        name={name}
        render={({ field: input }) => (
          <BodyMapEditor
            label={field.label}
            points={Array.isArray(input.value) ? (input.value as BodyMapPoint[]) : []}
            onChange={(points) => input.onChange(points)}
          />
        )}
      />
    </GroupShell>
  );
}

function BodyMapEditor({ label, points, onChange }: { label: string; points: BodyMapPoint[]; onChange: (points: BodyMapPoint[]) => void }) {
  const formId = useId();
  const [view, setView] = useState<View>('front');
  const [cursor, setCursor] = useState({ x: 50, y: 35 });
  const [kind, setKind] = useState<string>(BODY_MAP_KINDS[0].value);
  const [note, setNote] = useState('');
  const [announcement, setAnnouncement] = useState('');

  function add(at: { view: View; x: number; y: number }) {
    const point: BodyMapPoint = { view: at.view, x: clamp(at.x), y: clamp(at.y), kind, note: note.trim() };
    onChange([...points, point]);
    setNote('');
    setAnnouncement(`Mark ${points.length + 1} added: ${pointText(point)}.`);
  }

  function remove(index: number) {
    const removed = points[index];
    onChange(points.filter((_, at) => at !== index));
    if (removed) setAnnouncement(`Mark ${index + 1} removed: ${pointText(removed)}.`);
  }

  function handleClick(target: View, event: MouseEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setView(target);
    setCursor({ x: clamp(x), y: clamp(y) });
    add({ view: target, x, y });
  }

  function handleKeyDown(target: View, event: KeyboardEvent<SVGSVGElement>) {
    const step = event.shiftKey ? 10 : 2;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setView(target);
      setCursor((current) => ({ x: clamp(current.x + move[0]), y: clamp(current.y + move[1]) }));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      add({ view: target, ...cursor });
    }
  }

  const regionId = `${formId}-region`;
  const regions = BODY_REGIONS[view];
  const cursorRegion = regionNear(view, cursor.x, cursor.y);
  const matchingRegion = regions.find((region) => region.x === cursor.x && region.y === cursor.y)?.label ?? '';
  return (
    <div className={styles.bodyMap}>
      <div className={styles.figures}>
        {(['front', 'back'] as const).map((target) => (
          <figure key={target} className={styles.figure}>
            <svg
              viewBox="0 0 50 100"
              className={styles.figureSvg}
              role="application"
              tabIndex={0}
              aria-label={`${VIEW_LABELS[target]} of the body, ${label}: arrow keys move the marker (with Shift, faster), Enter adds a mark there`}
              aria-describedby={`${formId}-position`}
              onClick={(event) => handleClick(target, event)}
              onKeyDown={(event) => handleKeyDown(target, event)}
              onFocus={() => setView(target)}
            >
              <Outline />
              <Marks points={points} view={target} />
              {view === target ? (
                <g className={styles.cursor} aria-hidden="true">
                  <line x1={cursor.x / 2 - 3} y1={cursor.y} x2={cursor.x / 2 + 3} y2={cursor.y} />
                  <line x1={cursor.x / 2} y1={cursor.y - 3} x2={cursor.x / 2} y2={cursor.y + 3} />
                </g>
              ) : null}
            </svg>
            <figcaption>{VIEW_LABELS[target]}</figcaption>
          </figure>
        ))}
      </div>
      <p id={`${formId}-position`} className={styles.hint} aria-live="polite">
        Marker on the {view}, {cursor.x}% across and {cursor.y}% down: near the {cursorRegion.toLowerCase()}.
      </p>

      <div className={styles.markForm} role="group" aria-label={`Add a mark to ${label}`}>
        <div className={styles.field}>
          <label htmlFor={`${formId}-view`}>View</label>
          <select id={`${formId}-view`} value={view} onChange={(event) => setView(event.target.value as View)}>
            <option value="front">Front</option>
            <option value="back">Back</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={regionId}>Part of the body</label>
          <select
            id={regionId}
            value={matchingRegion}
            onChange={(event) => {
              const region = regions.find((candidate) => candidate.label === event.target.value);
              if (region) setCursor({ x: region.x, y: region.y });
            }}
          >
            <option value="">{matchingRegion ? 'Choose…' : `Marker position (near the ${cursorRegion.toLowerCase()})`}</option>
            {regions.map((region) => (
              <option key={region.label} value={region.label}>
                {region.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${formId}-kind`}>What it is</label>
          <select id={`${formId}-kind`} value={kind} onChange={(event) => setKind(event.target.value)}>
            {BODY_MAP_KINDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${formId}-note`}>Note on the mark</label>
          <input
            id={`${formId}-note`}
            type="text"
            value={note}
            maxLength={500}
            placeholder="Size, colour, skin broken or not"
            onChange={(event) => setNote(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the mark rather than submitting the whole document.
              if (event.key === 'Enter') {
                event.preventDefault();
                add({ view, ...cursor });
              }
            }}
          />
        </div>
        <Button variant="secondary" onClick={() => add({ view, ...cursor })}>
          Add mark
        </Button>
      </div>

      <p className={styles.visuallyHidden} aria-live="polite">
        {announcement}
      </p>
      {points.length ? (
        <ol className={styles.markList} aria-label={`Marks on ${label}`}>
          {points.map((point, index) => (
            <li key={index}>
              <span>{pointText(point)}</span>
              <Button variant="secondary" onClick={() => remove(index)} aria-label={`Remove mark ${index + 1}: ${pointText(point)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.hint}>No marks yet.</p>
      )}
    </div>
  );
}
