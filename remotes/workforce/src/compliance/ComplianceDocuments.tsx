import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { CheckboxField, SelectField, TextField } from '@hcm/kit/forms';
import { BusinessInsuranceSchema, DrivingLicenceSchema, PHOTO_ID_DOCUMENTS, PhotoIdSchema, type CompliancePicture } from '../../contract/compliance';
import type { StaffScreenProps } from '../record/types';
import { CheckForm } from './CheckForm';
import { labelOf, optionsOf, Section, StateBadge, styles, tabPath, useCompliance } from './common';
import { ukToday } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';

// The 'references-documents' tab: the compliance documents at a glance (DBS, right to work, photo ID, driving
// licence and business insurance), and the forms to record the photo ID seen, the licence and the insurance.

function Overview({ picture, owner, ownerId }: { picture: CompliancePicture; owner: StaffScreenProps['owner']; ownerId: number }) {
  const check = (key: string) => picture.compliance.checks.find((item) => item.key === key);
  const rows: { key: string; label: string; tab: string }[] = [
    { key: 'dbs', label: 'DBS check', tab: 'references-documents/dbs-documents' },
    { key: 'dbs-update-service', label: 'DBS Update Service check', tab: 'references-documents/dbs-documents' },
    { key: 'right-to-work', label: 'Right to work', tab: 'references-documents/student-visa-terms' },
    { key: 'photo-id', label: 'Photo ID', tab: 'references-documents' },
    ...(picture.drives
      ? [
          { key: 'driving-licence', label: 'Driving licence', tab: 'references-documents' },
          { key: 'business-insurance', label: 'Business car insurance', tab: 'references-documents' },
        ]
      : []),
  ];
  return (
    <table className={styles.table}>
      <caption className={styles.muted}>Where the file stands</caption>
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col">State</th>
          <th scope="col">Date</th>
          <th scope="col">What it says</th>
        </tr>
      </thead>
      <tbody>
        {rows.flatMap((row) => {
          const found = check(row.key);
          if (!found) return [];
          return [
            <tr key={row.key}>
              <th scope="row">{row.tab === 'references-documents' ? row.label : <Link to={tabPath(owner, ownerId, row.tab)}>{row.label}</Link>}</th>
              <td><StateBadge check={found} /></td>
              <td>{formatDate(found.expires_on) || '—'}</td>
              <td>{found.detail}</td>
            </tr>,
          ];
        })}
      </tbody>
    </table>
  );
}

export default function ComplianceDocuments({ owner, ownerId, ownerName }: StaffScreenProps) {
  const can = useCan();
  const picture = useCompliance(ownerId);
  const [open, setOpen] = useState<'photo' | 'licence' | 'insurance' | null>(null);
  if (picture.error) return <ErrorPanel title="The compliance documents could not be loaded" onRetry={() => void picture.refetch()}>{picture.error.message}</ErrorPanel>;
  if (!picture.data) return <Loading label="Loading the compliance documents…" />;
  const data = picture.data;
  const editable = can('carers.edit');
  const [photo] = data.photo_ids;
  const [licence] = data.driving_licences;
  const [insurance] = data.business_insurance;
  const close = () => setOpen(null);
  return (
    <div className={styles.screen}>
      <h2>Compliance documents</h2>
      <Overview picture={data} owner={owner} ownerId={ownerId} />
      <p className={styles.muted}>
        Also on the file: <Link to={tabPath(owner, ownerId, 'references-documents/address-history')}>address history</Link>,{' '}
        <Link to={tabPath(owner, ownerId, 'references-documents/work-history')}>work history</Link>, <Link to={tabPath(owner, ownerId, 'reference-form')}>references</Link>.
      </p>

      <Section title="Photo ID" actions={editable && open !== 'photo' ? <Button variant="secondary" onClick={() => setOpen('photo')}>Record photo ID seen</Button> : null}>
        {photo ? <p>{labelOf(PHOTO_ID_DOCUMENTS, photo.document_type)} seen on {formatDate(photo.seen_on) || '—'} by {photo.seen_by}.</p> : <p>No photo ID recorded for {ownerName}.</p>}
        {open === 'photo' ? (
          <CheckForm carerId={ownerId} part="photo-id" schema={PhotoIdSchema} defaults={{ document_type: 'passport', seen_on: ukToday(), seen_by: '' }} title="Photo ID seen" submitLabel="Save photo ID" onDone={close}>
            <div className={styles.grid}>
              <SelectField name="document_type" label="Document" options={optionsOf(PHOTO_ID_DOCUMENTS)} />
              <TextField name="seen_on" label="Seen on" type="date" />
              <TextField name="seen_by" label="Seen by" hint="Who saw the original document" />
            </div>
          </CheckForm>
        ) : null}
      </Section>

      {data.drives ? (
        <>
          <Section title="Driving licence" actions={editable && open !== 'licence' ? <Button variant="secondary" onClick={() => setOpen('licence')}>{licence ? 'Record a new check' : 'Record the licence'}</Button> : null}>
            {licence ? (
              <dl className={styles.facts}>
                <dt>Licence number</dt><dd>{licence.licence_number}</dd>
                <dt>Expires</dt><dd>{formatDate(licence.expires_on) || '—'}</dd>
                <dt>Penalty points</dt><dd>{licence.points ?? 0}</dd>
                <dt>Checked on</dt><dd>{formatDate(licence.checked_on) || '—'}</dd>
              </dl>
            ) : <p>No licence recorded: {ownerName} drives to visits.</p>}
            {open === 'licence' ? (
              <CheckForm carerId={ownerId} part="driving-licence" schema={DrivingLicenceSchema} defaults={{ licence_number: '', expires_on: '', points: '', checked_on: ukToday() }} title="Driving licence check" submitLabel="Save licence" onDone={close}>
                <div className={styles.grid}>
                  <TextField name="licence_number" label="Licence number" hint="16 characters, e.g. MORGA753116SM9IJ" autoComplete="off" />
                  <TextField name="expires_on" label="Photocard expires on" type="date" />
                  <TextField name="points" label="Penalty points" inputMode="numeric" hint="From the DVLA check (share code)" />
                  <TextField name="checked_on" label="Checked on" type="date" />
                </div>
              </CheckForm>
            ) : null}
          </Section>
          <Section title="Business car insurance" actions={editable && open !== 'insurance' ? <Button variant="secondary" onClick={() => setOpen('insurance')}>{insurance ? 'Record new insurance' : 'Record insurance'}</Button> : null}>
            {insurance ? (
              <dl className={styles.facts}>
                <dt>Insurer</dt><dd>{insurance.insurer}{insurance.policy_number ? ` (policy ${insurance.policy_number})` : ''}</dd>
                <dt>Expires</dt><dd>{formatDate(insurance.expires_on) || '—'}</dd>
                <dt>Business use</dt><dd>{insurance.business_use_confirmed ? 'Confirmed on the certificate' : 'Not confirmed'}</dd>
                <dt>Checked on</dt><dd>{formatDate(insurance.checked_on) || '—'}</dd>
              </dl>
            ) : <p>No insurance recorded.</p>}
            {open === 'insurance' ? (
              <CheckForm carerId={ownerId} part="business-insurance" schema={BusinessInsuranceSchema} defaults={{ insurer: '', policy_number: '', expires_on: '', business_use_confirmed: false, checked_on: ukToday() }} title="Business car insurance" submitLabel="Save insurance" onDone={close}>
                <div className={styles.grid}>
                  <TextField name="insurer" label="Insurer" />
                  <TextField name="policy_number" label="Policy number" />
                  <TextField name="expires_on" label="Cover ends on" type="date" />
                  <TextField name="checked_on" label="Certificate seen on" type="date" />
                </div>
                <CheckboxField name="business_use_confirmed" label="The certificate covers business use (class 1 or above)" />
              </CheckForm>
            ) : null}
          </Section>
        </>
      ) : (
        <p className={styles.muted}>{ownerName} does not drive to visits: no licence or business insurance is needed (change it in the care worker details).</p>
      )}
    </div>
  );
}
