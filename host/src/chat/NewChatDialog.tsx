import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { ChatContact } from '@hcm/contract';
import { DirectChatSchema, fieldErrorsOf, GroupChatSchema } from '@hcm/contract/schemas';
import { Button, ErrorPanel, Loading, type ApiResult } from '@hcm/kit';
import { useQuery } from '@tanstack/react-query';
import { apiKey, dataOf } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';
import { chatApi } from './chatApi';
import { useChat } from './chatStore';
import styles from './chat.module.css';

type NewChatDialogProps = { open: boolean; onClose: () => void; onCreated: (chatId: number) => void };

/** The first message of a failed answer: a field's error when the server names one, else its message. */
const failure = (answer: ApiResult<unknown>, field: string) => answer.errors?.[field]?.[0] ?? answer.message;

/** "New chat": talk to one person, or make a named group of several. */
export function NewChatDialog({ open, onClose, onCreated }: NewChatDialogProps) {
  // Who one may chat with: asked when the dialog first opens, then from the data layer's cache.
  const answer = useQuery({ queryKey: apiKey('api/v1/communication/users'), queryFn: async () => dataOf<ChatContact[]>(await chatApi.people()), enabled: open });
  const people = answer.data ?? null;
  const loadError = answer.error?.message ?? null;

  return (
    <Modal open={open} title="New chat" onClose={onClose}>
      {loadError ? <ErrorPanel title="People unavailable">{loadError}</ErrorPanel> : null}
      {!people && !loadError ? <Loading label="Loading people…" /> : null}
      {people ? (
        <>
          <PersonForm people={people} onCreated={onCreated} />
          <GroupForm people={people} onCreated={onCreated} />
        </>
      ) : null}
    </Modal>
  );
}

function PersonForm({ people, onCreated }: { people: ChatContact[]; onCreated: (chatId: number) => void }) {
  const startChatWith = useChat((state) => state.startChatWith);
  const [personId, setPersonId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = v.safeParse(DirectChatSchema, { userId: personId });
    if (!checked.success) return setError(checked.issues[0].message);
    setBusy(true);
    const answer = await startChatWith(checked.output.userId);
    setBusy(false);
    if (answer.error || !answer.data) setError(failure(answer, 'userId'));
    else onCreated(answer.data.id);
  };

  return (
    <form className={styles.dialogSection} onSubmit={(event) => void handleSubmit(event)}>
      <h3>Chat with one person</h3>
      <div className={styles.field}>
        <label htmlFor={`${id}-person`}>Person</label>
        <select id={`${id}-person`} value={personId} onChange={(event) => setPersonId(event.target.value)} aria-invalid={error ? true : undefined}>
          <option value="">Choose…</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      <div>
        <Button type="submit" disabled={busy}>
          Start chat
        </Button>
      </div>
    </form>
  );
}

function GroupForm({ people, onCreated }: { people: ChatContact[]; onCreated: (chatId: number) => void }) {
  const createGroup = useChat((state) => state.createGroup);
  const [name, setName] = useState('');
  const [members, setMembers] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const toggle = (personId: number, checked: boolean) =>
    setMembers((current) => (checked ? [...current, personId] : current.filter((member) => member !== personId)));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = v.safeParse(GroupChatSchema, { name, userIds: members });
    if (!checked.success) {
      const errors = fieldErrorsOf(checked.issues);
      return setError(errors.name?.[0] ?? errors.userIds?.[0] ?? checked.issues[0].message);
    }
    setBusy(true);
    const answer = await createGroup(checked.output.name, checked.output.userIds);
    setBusy(false);
    if (answer.error || !answer.data) setError(answer.errors?.name?.[0] ?? failure(answer, 'userIds'));
    else onCreated(answer.data.id);
  };

  return (
    <form className={styles.dialogSection} onSubmit={(event) => void handleSubmit(event)}>
      <h3>Start a group</h3>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>Group name</label>
        <input id={`${id}-name`} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      </div>
      <fieldset className={styles.memberList}>
        <legend>Members</legend>
        {people.map((person) => (
          <label key={person.id}>
            <input type="checkbox" checked={members.includes(person.id)} onChange={(event) => toggle(person.id, event.target.checked)} /> {person.name}
          </label>
        ))}
      </fieldset>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      <div>
        <Button type="submit" disabled={busy}>
          Create group
        </Button>
      </div>
    </form>
  );
}
