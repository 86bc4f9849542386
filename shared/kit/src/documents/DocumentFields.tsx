import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { fieldsOf, isShown, scoreOf, type DocumentField, type DocumentSection, type DocumentSpec, type Signature } from '@hcm/contract/documents';
import { Button } from '@hcm/kit';
import { BodyMapInput } from './BodyMap';
import { describedBy, ErrorText, FieldShell, GroupShell, useFieldError, useFieldId } from './FieldShell';
import { RowsInput } from './RowsInput';
import { liveValuesOf, storedValueOf } from './values';
import styles from './documents.module.css';

import { clock } from '@hcm/contract/time';
import { formatDateTime } from '@hcm/contract/format';
// One input per kind of question, labelled, with its hint and error. Choices of up to five options are radio
// buttons (every answer visible at once); longer lists are a select.

const MAX_RADIOS = 5;

export const pointsText = (score: number | undefined) => `${score ?? 0} ${score === 1 ? 'point' : 'points'}`;

export function TextInput({ field, name }: { field: Pick<DocumentField, 'label' | 'hint' | 'required' | 'kind' | 'maxLength'>; name: string }) {
  const { register } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, { hint: field.hint, error }), ...register(name) };
  return (
    <FieldShell id={id} label={field.label} hint={field.hint} error={error} required={field.required}>
      {field.kind === 'long-text' ? <textarea rows={4} {...common} /> : field.kind === 'date' ? <input type="date" {...common} /> : field.kind === 'time' ? <input type="time" {...common} /> : <input type="text" {...common} />}
    </FieldShell>
  );
}

export function NumberInput({ field, name }: { field: Pick<DocumentField, 'label' | 'hint' | 'required' | 'unit' | 'decimals' | 'min' | 'max'>; name: string }) {
  const { register } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  const unitId = `${id}-unit`;
  return (
    <FieldShell id={id} label={field.label} hint={field.hint} error={error} required={field.required}>
      <span className={styles.withUnit}>
        <input
          id={id}
          type="text"
          inputMode={field.decimals ? 'decimal' : 'numeric'}
          className={styles.number}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: field.hint, error, extra: field.unit ? unitId : undefined })}
          {...register(name)}
        />
        {field.unit ? (
          <span id={unitId} className={styles.unit}>
            {field.unit}
          </span>
        ) : null}
      </span>
    </FieldShell>
  );
}

export function YesNoInput({ field, name }: { field: Pick<DocumentField, 'label' | 'hint' | 'required'>; name: string }) {
  const { register } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  return (
    <GroupShell id={id} label={field.label} hint={field.hint} error={error} required={field.required}>
      <div className={styles.inline}>
        {[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ].map((option) => (
          <label key={option.value} className={styles.choice}>
            <input type="radio" value={option.value} {...register(name)} />
            {option.label}
          </label>
        ))}
      </div>
    </GroupShell>
  );
}

export function SelectInput({ field, name }: { field: Pick<DocumentField, 'label' | 'hint' | 'required' | 'options'>; name: string }) {
  const { register } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  return (
    <FieldShell id={id} label={field.label} hint={field.hint} error={error} required={field.required}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { hint: field.hint, error })} {...register(name)}>
        <option value="">Choose…</option>
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.score === undefined ? option.label : `${option.label} (${pointsText(option.score)})`}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

function RadioGroupInput({ field, name }: { field: DocumentField; name: string }) {
  const { register } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  const scored = field.kind === 'scored';
  return (
    <GroupShell id={id} label={field.label} hint={field.hint} error={error} required={field.required}>
      <div className={styles.options}>
        {(field.options ?? []).map((option) => (
          <label key={option.value} className={styles.choice}>
            <input type="radio" value={option.value} {...register(name)} />
            <span>
              {option.label}
              {scored ? <span className={styles.points}> ({pointsText(option.score)})</span> : null}
            </span>
          </label>
        ))}
      </div>
    </GroupShell>
  );
}

function CheckboxGroupInput({ field, name }: { field: DocumentField; name: string }) {
  const { control } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  const scored = field.kind === 'multi-scored';
  return (
    <GroupShell id={id} label={field.label} hint={field.hint} error={error} required={field.required}>
      <Controller
        control={control}
        name={name}
        render={({ field: input }) => {
          const chosen = Array.isArray(input.value) ? (input.value as string[]) : [];
          return (
            <div className={styles.options}>
              {(field.options ?? []).map((option, index) => (
                <label key={option.value} className={styles.choice}>
                  <input
                    type="checkbox"
                    ref={index === 0 ? input.ref : undefined}
                    value={option.value}
                    checked={chosen.includes(option.value)}
                    onBlur={input.onBlur}
                    onChange={(event) =>
                      input.onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))
                    }
                  />
                  <span>
                    {option.label}
                    {scored ? <span className={styles.points}> ({pointsText(option.score)})</span> : null}
                  </span>
                </label>
              ))}
            </div>
          );
        }}
      />
    </GroupShell>
  );
}

/** A name and a role, then "Sign now" records the moment; once signed, it is cleared rather than edited. */
function SignatureInput({ field, name }: { field: DocumentField; name: string }) {
  const { register, setValue, control } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  const nameError = useFieldError(`${name}.name`);
  const roleError = useFieldError(`${name}.role`);
  const signedError = useFieldError(`${name}.signed_at`);
  const value = (useWatch({ control, name }) ?? {}) as Partial<Signature>;
  const [problem, setProblem] = useState<string | null>(null);
  const signed = Boolean(value.signed_at);

  function signNow() {
    if (!value.name?.trim() || !value.role?.trim()) {
      setProblem('Write the name and the role of the person signing first.');
      return;
    }
    setProblem(null);
    setValue(`${name}.signed_at`, clock.now().toISOString(), { shouldDirty: true, shouldValidate: false });
  }

  function clear() {
    setValue(name, { name: '', role: '', signed_at: '' }, { shouldDirty: true });
  }

  const nameId = `${id}-name`;
  const roleId = `${id}-role`;
  return (
    <GroupShell id={id} label={field.label} hint={field.hint} error={error} required={field.required} className={styles.signature}>
      <div className={styles.signatureInputs}>
        <div className={[styles.field, nameError ? styles.invalid : ''].join(' ')}>
          <label htmlFor={nameId}>Name of the person signing</label>
          <ErrorText id={nameId} error={nameError} />
          <input id={nameId} type="text" autoComplete="off" readOnly={signed} aria-invalid={nameError ? true : undefined} aria-describedby={describedBy(nameId, { error: nameError })} {...register(`${name}.name`)} />
        </div>
        <div className={[styles.field, roleError ? styles.invalid : ''].join(' ')}>
          <label htmlFor={roleId}>Their role</label>
          <ErrorText id={roleId} error={roleError} />
          <input id={roleId} type="text" autoComplete="off" readOnly={signed} placeholder="e.g. Client, Daughter (LPA), Care coordinator" aria-invalid={roleError ? true : undefined} aria-describedby={describedBy(roleId, { error: roleError })} {...register(`${name}.role`)} />
        </div>
      </div>
      <div className={styles.signatureState} aria-live="polite">
        {signed ? (
          <>
            <p className={styles.signedText}>
              Signed by {value.name}, {value.role}, on <time dateTime={value.signed_at}>{formatDateTime(value.signed_at)}</time>
            </p>
            <Button variant="secondary" onClick={clear} aria-label={`Clear the signature of ${field.label}`}>
              Clear signature
            </Button>
          </>
        ) : (
          <>
            <p className={styles.hint}>Not signed yet.</p>
            <Button variant="secondary" onClick={signNow} aria-label={`Sign now: ${field.label}`}>
              Sign now
            </Button>
          </>
        )}
      </div>
      {problem ? <p className={styles.error} role="alert">{problem}</p> : <ErrorText id={`${id}-signed`} error={signedError} />}
    </GroupShell>
  );
}

/** The input of one question of the form, by kind. */
export function QuestionInput({ field }: { field: DocumentField }) {
  const name = field.key;
  switch (field.kind) {
    case 'text':
    case 'long-text':
    case 'date':
    case 'time':
      return <TextInput field={field} name={name} />;
    case 'number':
      return <NumberInput field={field} name={name} />;
    case 'yes-no':
      return <YesNoInput field={field} name={name} />;
    case 'choice':
    case 'scored':
      return (field.options?.length ?? 0) <= MAX_RADIOS ? <RadioGroupInput field={field} name={name} /> : <SelectInput field={field} name={name} />;
    case 'multi-choice':
    case 'multi-scored':
      return <CheckboxGroupInput field={field} name={name} />;
    case 'signature':
      return <SignatureInput field={field} name={name} />;
    case 'body-map':
      return <BodyMapInput field={field} name={name} />;
    case 'rows':
      return <RowsInput field={field} name={name} />;
  }
}

/** The fields a question's showWhen depends on, nearest first (a condition may hang on a field that is itself conditional). */
function conditionChain(spec: Pick<DocumentSpec, 'sections'>, field: DocumentField): DocumentField[] {
  const fields = fieldsOf(spec);
  const chain: DocumentField[] = [];
  let current: DocumentField | undefined = field;
  while (current?.showWhen) {
    const condition = fields.find((candidate) => candidate.key === current!.showWhen!.field);
    if (!condition || chain.includes(condition)) break;
    chain.push(condition);
    current = condition;
  }
  return chain;
}

/** A question shown only while its showWhen holds, watching just the answers it depends on. */
export function Question({ spec, field }: { spec: Pick<DocumentSpec, 'sections'>; field: DocumentField }) {
  if (!field.showWhen) return <QuestionInput field={field} />;
  return <ConditionalQuestion spec={spec} field={field} />;
}

function ConditionalQuestion({ spec, field }: { spec: Pick<DocumentSpec, 'sections'>; field: DocumentField }) {
  const { control } = useFormContext();
  const chain = conditionChain(spec, field);
  const watched = useWatch({ control, name: chain.map((condition) => condition.key) }) as unknown[];
  // Innermost condition first: a field whose own condition fails counts as unanswered.
  const live: Record<string, unknown> = {};
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const condition = chain[index]!;
    live[condition.key] = isShown(condition, live) ? storedValueOf(condition, watched[index]) : null;
  }
  return isShown(field, live) ? <QuestionInput field={field} /> : null;
}

/** A section's running score, for sections with scored questions (questions not shown count nothing). */
export function SectionScore({ spec, section }: { spec: Pick<DocumentSpec, 'sections' | 'title'>; section: DocumentSection }) {
  const { control } = useFormContext();
  const values = useWatch({ control }) as Record<string, unknown>;
  const scored = section.fields.filter((field) => field.kind === 'scored' || field.kind === 'multi-scored');
  if (!scored.length) return null;
  const live = liveValuesOf(spec, values);
  const total = scored.reduce((sum, field) => sum + scoreOf(field, live[field.key]), 0);
  return (
    <p className={styles.sectionScore} aria-live="polite">
      {section.title} score: <strong>{total}</strong>
    </p>
  );
}
