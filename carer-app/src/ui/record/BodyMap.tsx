import { BODY_SITES } from '@hcm/area-care-records/contract/live-incidents.js';

// The body map of an incident or fall: a front and a back outline made of named regions, each a toggle button
// (aria-pressed), so it is used by touch, keyboard (Tab, then Space or Enter) and screen reader alike — not a
// canvas. A region is one of the office's body sites; a limb shows on both outlines and is one site.

export type BodySite = (typeof BODY_SITES)[number]['value'];

/** Where each region sits on a 5-column outline (the person faces you on the front: their right is on your left). */
const FRONT: readonly [BodySite, string][] = [
  ['head', '1 / 3'],
  ['face', '2 / 3'],
  ['neck', '3 / 3'],
  ['right-arm', '4 / 2 / 6 / 3'],
  ['chest', '4 / 3'],
  ['left-arm', '4 / 4 / 6 / 5'],
  ['abdomen', '5 / 3'],
  ['right-hand', '6 / 1'],
  ['left-hand', '6 / 5'],
  ['right-hip', '6 / 2'],
  ['left-hip', '6 / 4'],
  ['right-leg', '7 / 2'],
  ['left-leg', '7 / 4'],
  ['right-foot', '8 / 2'],
  ['left-foot', '8 / 4'],
];

/** From behind: their left is on your left. */
const BACK: readonly [BodySite, string][] = [
  ['head', '1 / 3'],
  ['neck', '2 / 3'],
  ['left-arm', '3 / 2 / 5 / 3'],
  ['back', '3 / 3 / 5 / 4'],
  ['right-arm', '3 / 4 / 5 / 5'],
  ['left-hand', '5 / 1'],
  ['right-hand', '5 / 5'],
  ['left-hip', '5 / 2'],
  ['right-hip', '5 / 4'],
  ['left-leg', '6 / 2'],
  ['right-leg', '6 / 4'],
  ['left-foot', '7 / 2'],
  ['right-foot', '7 / 4'],
];

export const bodySiteLabel = (site: string) => BODY_SITES.find((choice) => choice.value === site)?.label ?? site;

function Outline({ name, regions, marked, onToggle }: { name: string; regions: readonly [BodySite, string][]; marked: readonly string[]; onToggle(site: BodySite): void }) {
  return (
    <div role="group" aria-label={name} className="body-outline">
      <p className="outline-name" aria-hidden="true">
        {name}
      </p>
      <div className="body-grid">
        {regions.map(([site, area]) => (
          <button key={site} type="button" className="region" style={{ gridArea: area }} aria-pressed={marked.includes(site)} onClick={() => onToggle(site)}>
            {bodySiteLabel(site)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Toggles injury sites on a front and a back outline; says what is marked. */
export function BodyMap({ legend, marked, onChange, errors }: { legend: string; marked: readonly string[]; onChange(sites: string[]): void; errors?: string[] }) {
  const toggle = (site: BodySite) => onChange(marked.includes(site) ? marked.filter((one) => one !== site) : BODY_SITES.map((choice) => choice.value).filter((one) => one === site || marked.includes(one)));
  return (
    <fieldset className="body-map">
      <legend>{legend}</legend>
      <p className="hint">Press each part of the body where an injury was seen; press again to unmark it.</p>
      <div className="outlines">
        <Outline name="Front of the body" regions={FRONT} marked={marked} onToggle={toggle} />
        <Outline name="Back of the body" regions={BACK} marked={marked} onToggle={toggle} />
      </div>
      <p aria-live="polite">{marked.length ? `Marked: ${marked.map(bodySiteLabel).join(', ')}.` : 'Nothing marked.'}</p>
      {errors?.length ? <p className="error">{errors.join(' ')}</p> : null}
    </fieldset>
  );
}
