import { useState } from 'react';
import { clock, ukInstant, ukTime, ukToday } from '@hcm/contract/time';
import { BODY_SITES, HAZARD_RISK_LEVELS, INCIDENT_KINDS, IncidentReportSchema } from '@hcm/area-care-records/contract/live-incidents.js';
import { BodyMap, bodySiteLabel } from './BodyMap.js';
import { Choices, Field, inputProps, mergeErrors, QueuedStatus, schemaErrors, useQueuedWrite, YesNo, type Errors, FormActions } from './forms.js';
import type { RecordFormProps } from './types.js';

// An incident or fall (with the body map), or a hazard in the home (POST …/clients/:id/incidents, the office's
// IncidentReportSchema). `happened_at` is the time the carer gives (now, unless it happened earlier today): the
// body carries it, so a resend or a correction keeps it. A fall's injury sites go in its body map; for another
// kind the sites marked are written at the start of the injuries (the office's body map belongs to falls).

const FALL_QUESTIONS = [
  ['found_on_floor', 'Was the person found on the floor?'],
  ['witnessed', 'Did anyone see the fall?'],
  ['injured', 'Was any injury seen?'],
  ['head_injury', 'A head injury?'],
  ['ambulance_called', 'Was an ambulance called?'],
  ['able_to_get_up', 'Able to get up (with help)?'],
] as const;
type FallQuestion = (typeof FALL_QUESTIONS)[number][0];

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const SITES_PREFIX = 'Body map: ';
const INCIDENT_SITE_BY_LABEL = new Map<string, string>(BODY_SITES.map((site) => [site.label, site.value]));

/** The injuries text without the body map line the form wrote, and the sites of that line. */
function splitInjuries(injuries: string): { sites: string[]; rest: string } {
  if (!injuries.startsWith(SITES_PREFIX)) return { sites: [], rest: injuries };
  const [line = '', ...rest] = injuries.split('\n');
  const labels = line.slice(SITES_PREFIX.length).replace(/\.$/, '').split(', ');
  return { sites: labels.map((label) => INCIDENT_SITE_BY_LABEL.get(label) ?? '').filter(Boolean), rest: rest.join('\n') };
}

export function IncidentForm({ visit, refused, onClose, hazard }: RecordFormProps & { hazard: boolean }) {
  const first = refused?.body ?? {};
  const firstMap = record(first.body_map);
  const firstHazard = record(first.hazard);
  const firstInjuries = splitInjuries(text(first.injuries));
  const [kind, setKind] = useState(hazard ? 'hazard' : text(first.kind) || 'fall');
  const [time, setTime] = useState(first.happened_at ? ukTime(text(first.happened_at)) : ukTime(clock.now()));
  const [description, setDescription] = useState(text(first.description));
  const [injuries, setInjuries] = useState(firstInjuries.rest);
  const [action, setAction] = useState(text(first.action_taken));
  const [sites, setSites] = useState<string[]>(Array.isArray(firstMap.injury_sites) ? (firstMap.injury_sites as string[]) : firstInjuries.sites);
  const [fall, setFall] = useState<Record<FallQuestion, boolean | null>>(() => Object.fromEntries(FALL_QUESTIONS.map(([key]) => [key, typeof firstMap[key] === 'boolean' ? firstMap[key] : null])) as Record<FallQuestion, boolean | null>);
  const [location, setLocation] = useState(text(firstHazard.location));
  const [risk, setRisk] = useState(text(firstHazard.risk_level));
  const [removed, setRemoved] = useState<boolean | null>(typeof firstHazard.removed === 'boolean' ? firstHazard.removed : null);
  const [local, setLocal] = useState<Errors>({});
  const queued = useQueuedWrite(refused);
  const errors = mergeErrors(local, queued.serverErrors);
  const what = hazard ? 'Hazard report' : 'Incident report';
  const prefix = hazard ? 'hazard' : 'incident';

  const reset = () => {
    setDescription('');
    setInjuries('');
    setAction('');
    setSites([]);
    setFall(Object.fromEntries(FALL_QUESTIONS.map(([key]) => [key, null])) as Record<FallQuestion, boolean | null>);
    setLocation('');
    setRisk('');
    setRemoved(null);
    setTime(ukTime(clock.now()));
    queued.reset();
  };
  if (queued.state.phase === 'waiting' || queued.state.phase === 'sent') return <QueuedStatus state={queued.state} what={what} onAnother={reset} />;

  const isFall = kind === 'fall';
  const save = async () => {
    const found: Errors = {};
    let happenedAt = '';
    if (!/^\d{2}:\d{2}$/.test(time)) found.happened_at = ['Give the time it happened, like 09:30.'];
    else {
      happenedAt = ukInstant(ukToday(), time).toISOString();
      if (Date.parse(happenedAt) > clock.nowMs()) found.happened_at = ['When it happened cannot be later than now.'];
    }
    const siteLine = !isFall && !hazard && sites.length ? `${SITES_PREFIX}${sites.map(bodySiteLabel).join(', ')}.` : '';
    const body = {
      kind,
      happened_at: happenedAt,
      visit_id: visit.id,
      description,
      injuries: [siteLine, injuries.trim()].filter(Boolean).join('\n'),
      action_taken: action,
      // Every question is sent, answered or not, so each unanswered one is named at its place.
      body_map: isFall ? { ...Object.fromEntries(FALL_QUESTIONS.map(([key]) => [key, fall[key] ?? undefined])), injury_sites: sites } : null,
      hazard: hazard ? { location, risk_level: risk, removed: removed ?? undefined } : null,
    };
    Object.assign(found, { ...schemaErrors(IncidentReportSchema, body), ...found });
    setLocal(found);
    if (Object.keys(found).length) return;
    const label = hazard ? `Hazard: ${location.trim()}` : `${INCIDENT_KINDS.find((choice) => choice.value === kind)?.label ?? kind} reported`;
    await queued.submit({ path: `/api/v1/carer-app/clients/${visit.client_id}/incidents`, body, label, visitId: visit.id, timeField: null });
  };

  return (
    <form aria-label={hazard ? 'Hazard in the home' : 'Incident or fall'} onSubmit={(event) => (event.preventDefault(), void save())}>
      <QueuedStatus state={queued.state} what={what} />
      {!hazard && (
        <Field id={`${prefix}-kind`} label="What happened" errors={errors.kind}>
          <select {...inputProps(`${prefix}-kind`, errors.kind)} value={kind} onChange={(event) => setKind(event.target.value)}>
            {INCIDENT_KINDS.filter((choice) => choice.value !== 'hazard').map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id={`${prefix}-time`} label={hazard ? 'When it was found (today)' : 'When it happened (today)'} errors={errors.happened_at}>
        <input {...inputProps(`${prefix}-time`, errors.happened_at)} type="time" value={time} onChange={(event) => setTime(event.target.value)} />
      </Field>
      {hazard && (
        <>
          <Field id="hazard-location" label="Where in the home" errors={errors['hazard.location']}>
            <input {...inputProps('hazard-location', errors['hazard.location'])} value={location} onChange={(event) => setLocation(event.target.value)} />
          </Field>
          <Choices name="hazard-risk" legend="How big is the risk?" choices={HAZARD_RISK_LEVELS} value={risk} onChange={setRisk} errors={errors['hazard.risk_level']} />
          <YesNo name="hazard-removed" legend="Was it removed or made safe at the visit?" value={removed} onChange={setRemoved} errors={errors['hazard.removed']} />
        </>
      )}
      <Field id={`${prefix}-description`} label={hazard ? 'What is the hazard' : 'What happened (in your words)'} errors={errors.description}>
        <textarea {...inputProps(`${prefix}-description`, errors.description)} value={description} onChange={(event) => setDescription(event.target.value)} />
      </Field>
      {isFall && (
        <fieldset>
          <legend>The fall</legend>
          {FALL_QUESTIONS.map(([key, question]) => (
            <YesNo key={key} name={`fall-${key}`} legend={question} value={fall[key]} onChange={(answer) => setFall((current) => ({ ...current, [key]: answer }))} errors={errors[`body_map.${key}`]} />
          ))}
          <FieldErrorsOf errors={errors.body_map} />
        </fieldset>
      )}
      {!hazard && (
        <>
          <BodyMap legend="Injuries on the body map" marked={sites} onChange={setSites} errors={errors['body_map.injury_sites']} />
          <Field id={`${prefix}-injuries`} label="Injuries seen (optional)" errors={errors.injuries}>
            <textarea {...inputProps(`${prefix}-injuries`, errors.injuries)} value={injuries} onChange={(event) => setInjuries(event.target.value)} />
          </Field>
        </>
      )}
      <Field id={`${prefix}-action`} label="What you did" errors={errors.action_taken}>
        <textarea {...inputProps(`${prefix}-action`, errors.action_taken)} value={action} onChange={(event) => setAction(event.target.value)} />
      </Field>
      <FormActions busy={queued.state.phase === 'saving'} label={queued.correcting ? 'Send the corrected report' : hazard ? 'Report the hazard' : 'Report the incident'} onClose={onClose} />
    </form>
  );
}

function FieldErrorsOf({ errors }: { errors?: string[] }) {
  return errors?.length ? <p className="error">{errors.join(' ')}</p> : null;
}
