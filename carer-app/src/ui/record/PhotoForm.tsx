import { useState } from 'react';
import { MEDICATION_IMAGE_KINDS, MedicationImageSchema } from '@hcm/area-care-records/contract/live-medication.js';
import { Choices, Field, FieldErrors, inputProps, mergeErrors, QueuedStatus, schemaErrors, useQueuedWrite, type Errors, FormActions } from './forms.js';
import { photoToJpeg, type Jpeg } from './photo.js';
import type { RecordFormProps } from './types.js';
import { formatFileSize } from '@hcm/contract/format';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A photo of the MAR sheet or blister pack (POST …/clients/:id/medication-images): taken with the camera, made a
 * small JPEG on the phone (./photo.ts), then queued as base64 like any other record.
 */
export function PhotoForm({ visit, sheet, refused, onClose, toJpeg = photoToJpeg }: RecordFormProps & { toJpeg?: (file: Blob) => Promise<Jpeg> }) {
  const first = refused?.body ?? {};
  const [kind, setKind] = useState(text(first.kind) || 'mar-sheet');
  const [scheduleId, setScheduleId] = useState(typeof first.schedule_id === 'number' ? String(first.schedule_id) : '');
  const [caption, setCaption] = useState(text(first.caption));
  const [photo, setPhoto] = useState<(Jpeg & { name: string }) | null>(text(first.data) ? { data: text(first.data), bytes: 0, width: 0, height: 0, name: text(first.file_name) } : null);
  const [preparing, setPreparing] = useState(false);
  const [local, setLocal] = useState<Errors>({});
  const queued = useQueuedWrite(refused);
  const errors = mergeErrors(local, queued.serverErrors);
  const medicines = new Map<number, string>();
  for (const dose of sheet?.doses ?? []) medicines.set(dose.schedule_id, dose.medicine);
  for (const prn of sheet?.as_needed ?? []) medicines.set(prn.schedule_id, `${prn.medicine} (when needed)`);

  const reset = () => {
    setCaption('');
    setPhoto(null);
    setScheduleId('');
    queued.reset();
  };
  if (queued.state.phase === 'waiting' || queued.state.phase === 'sent') return <QueuedStatus state={queued.state} what="Photo" onAnother={reset} />;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setPreparing(true);
    setLocal({});
    try {
      const jpeg = await toJpeg(file);
      setPhoto({ ...jpeg, name: `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg` });
    } catch (error) {
      setPhoto(null);
      setLocal({ data: [error instanceof Error ? error.message : 'The photo could not be used: take it again.'] });
    } finally {
      setPreparing(false);
    }
  };

  const save = async () => {
    const body = { kind, schedule_id: scheduleId ? Number(scheduleId) : null, caption, file_name: photo?.name ?? '', data: photo?.data ?? '' };
    const found = schemaErrors(MedicationImageSchema, body);
    if (!photo) found.data = ['Take the photo first.'];
    setLocal(found);
    if (Object.keys(found).length) return;
    const label = `Photo: ${MEDICATION_IMAGE_KINDS.find((choice) => choice.value === kind)?.label ?? kind}`;
    await queued.submit({ path: `/api/v1/carer-app/clients/${visit.client_id}/medication-images`, body, label, visitId: visit.id });
  };

  return (
    <form aria-label="Photo of the MAR sheet or blister pack" onSubmit={(event) => (event.preventDefault(), void save())}>
      <QueuedStatus state={queued.state} what="Photo" />
      <Choices name="photo-kind" legend="What does the photo show?" choices={MEDICATION_IMAGE_KINDS} value={kind} onChange={setKind} errors={errors.kind} />
      <label htmlFor="photo-file">Take the photo</label>
      <input
        {...inputProps('photo-file', errors.data)}
        className="file"
        type="file"
        accept="image/*"
        capture="environment"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <FieldErrors id="photo-file" errors={errors.data} />
      {preparing && <p role="status">Making the photo smaller…</p>}
      {photo && !preparing && (
        <figure className="photo">
          <img src={`data:image/jpeg;base64,${photo.data}`} alt="The photo to send" />
          {photo.bytes > 0 && (
            <figcaption className="hint">
              Ready to send: {photo.width}×{photo.height}, {formatFileSize(photo.bytes)}.
            </figcaption>
          )}
        </figure>
      )}
      {medicines.size > 0 && (
        <Field id="photo-medicine" label="Which medicine (optional)" errors={errors.schedule_id}>
          <select {...inputProps('photo-medicine', errors.schedule_id)} value={scheduleId} onChange={(event) => setScheduleId(event.target.value)}>
            <option value="">The whole sheet or pack</option>
            {[...medicines].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id="photo-caption" label="Caption (optional)" errors={errors.caption}>
        <input {...inputProps('photo-caption', errors.caption)} value={caption} onChange={(event) => setCaption(event.target.value)} />
      </Field>
      <FormActions busy={queued.state.phase === 'saving' || preparing} label={queued.correcting ? 'Send the photo again' : 'Save photo'} onClose={onClose} />
    </form>
  );
}
