import { useEffect } from 'react';
import type { SharedClientSummary } from '@hcm/contract/schemas';
import { EmptyState, ErrorPanel, Loading, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ButtonLink } from '@hcm/kit/routing';
import { useProfessional, useSessionEnded } from './PortalLayout';
import { PORTAL_CLIENTS, PORTAL_READ, portalPaths } from './portalApi';
import styles from './portal.module.css';
import { formatDate } from '@hcm/contract/format';

const SUPPORT: Record<string, string> = { prompt: 'Prompt', assist: 'Assist', administer: 'Administer' };

const fullName = (client: SharedClientSummary) => `${client.first_name} ${client.last_name}`;

function Text({ value }: { value: string }) {
  return <p>{value.trim() ? value : 'Not recorded.'}</p>;
}

function ClientSummary({ client, professionalId }: { client: SharedClientSummary; professionalId: number }) {
  const headingId = `client-${client.id}`;
  const name = fullName(client);
  return (
    <article className={styles.client} aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <dl className={styles.details}>
        {client.preferred_name ? (
          <>
            <dt>Likes to be called</dt>
            <dd>{client.preferred_name}</dd>
          </>
        ) : null}
        <dt>Date of birth</dt>
        <dd>{formatDate(client.date_of_birth)}</dd>
        <dt>NHS number</dt>
        <dd>{client.nhs_number || 'Not recorded'}</dd>
        <dt>GP practice</dt>
        <dd>{client.gp_practice || 'Not recorded'}</dd>
        <dt>Allergies</dt>
        <dd className={styles.allergies}>{client.allergies || 'Not recorded'}</dd>
      </dl>
      <div className={styles.actions}>
        <ButtonLink to={portalPaths.pdf(professionalId, 'care-plan', client.id)}>Care plan (PDF)</ButtonLink>
        <ButtonLink to={portalPaths.pdf(professionalId, 'mar-chart', client.id)} variant="secondary">
          MAR chart (PDF)
        </ButtonLink>
      </div>
      <h3>Care needs</h3>
      <Text value={client.care_needs} />
      <h3>Medical conditions</h3>
      <Text value={client.medical_conditions} />
      <h3>Communication needs</h3>
      <Text value={client.communication_needs} />
      <h3>Medications</h3>
      {client.medications.length === 0 ? (
        <p>No current medications recorded.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>Current medications of {name}</caption>
          <thead>
            <tr>
              <th scope="col">Medicine</th>
              <th scope="col">Dose</th>
              <th scope="col">Frequency or times</th>
              <th scope="col">Support</th>
              <th scope="col">Instructions</th>
            </tr>
          </thead>
          <tbody>
            {client.medications.map((med) => (
              <tr key={med.id}>
                <td>
                  {med.name}
                  {med.as_needed ? ' (as needed)' : ''}
                </td>
                <td>{med.dose}</td>
                <td>{med.frequency}</td>
                <td>{SUPPORT[med.support_level] ?? med.support_level}</td>
                <td>{med.instructions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Contacts</h3>
      {client.contacts.length === 0 ? (
        <p>No contacts recorded.</p>
      ) : (
        <ul className={styles.contacts}>
          {client.contacts.map((contact) => (
            <li key={contact.id}>
              <strong>{contact.name}</strong> ({contact.relationship.replace(/-/g, ' ')}
              {contact.next_of_kin ? ', next of kin' : ''}
              {contact.lasting_power_of_attorney ? ', lasting power of attorney' : ''})
              {contact.phone ? <> · <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a></> : null}
              {contact.email ? <> · <a href={`mailto:${contact.email}`}>{contact.email}</a></> : null}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** /health-professionals/:id/dashboard: the summaries of the clients shared with the professional. */
export function PortalDashboard() {
  useRouteName('Shared clients');
  const professional = useProfessional();
  const answer = useApiQuery<SharedClientSummary[]>(PORTAL_CLIENTS, undefined, { failure: 'The shared clients could not be loaded.', ...PORTAL_READ });
  const clients = answer.data ?? null;
  const ended = answer.error?.status === 401;
  const error = answer.error && !ended ? answer.error.message : null;
  const sessionEnded = useSessionEnded();

  useEffect(() => {
    if (ended) sessionEnded();
  }, [ended, sessionEnded]);

  return (
    <>
      <h1>Clients shared with you</h1>
      {error ? <ErrorPanel title="The shared clients could not be loaded" onRetry={() => void answer.refetch()}>{error}</ErrorPanel> : null}
      {!clients && !error ? <Loading label="Loading shared clients…" /> : null}
      {clients && clients.length === 0 ? <EmptyState>No clients are shared with you at the moment.</EmptyState> : null}
      {clients?.map((client) => <ClientSummary key={client.id} client={client} professionalId={professional.id} />)}
    </>
  );
}
