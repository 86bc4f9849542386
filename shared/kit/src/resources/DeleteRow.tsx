import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { allows, type ResourceSpec } from '@hcm/contract/engine';
import { api, Button, notify, resourcePath, useCan } from '@hcm/kit';
import { resourceKeys, useApiMutation, useQueryClient } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';
import styles from './resources.module.css';

/**
 * Deleting a row, behind a confirmation that says what will happen, offered only when the declaration allows
 * deleting and the user holds its permission. The server decides what deleting means (hidden from lists when
 * other records may use it; refused with a clear message while a record still does).
 */
export type DeleteRowProps = {
  spec: ResourceSpec;
  id: string;
  label: string;
  /** Where to go once deleted. */
  backTo: string;
  beforeLeave: () => void;
  /** What else deleting means for this kind of row, told after the engine's own words. */
  consequences?: ReactNode;
};

export default function DeleteRow({ spec, id, label, backTo, beforeLeave, consequences }: DeleteRowProps) {
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Its lists are invalidated; the record itself is dropped from the cache (it is gone, not changed).
  const remove = useApiMutation<unknown>({ request: () => api.delete(resourcePath(spec.name, id)), invalidates: [resourceKeys.lists(spec.name)] });
  const deleting = remove.isPending;
  if (!allows(spec, 'delete') || !can(spec.permissions.delete)) return null;

  const handleDelete = async () => {
    const answer = await remove.submit();
    setConfirming(false);
    if (answer.error) {
      notify({ type: 'danger', title: `The ${spec.singular} was not deleted`, message: answer.message });
      return;
    }
    notify({ type: 'success', title: `${label || 'It'} was deleted`, message: answer.message });
    beforeLeave();
    navigate(backTo);
    client.removeQueries({ queryKey: resourceKeys.record(spec.name, id) });
  };

  const list = spec.title.toLowerCase();
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Delete {spec.singular}
      </Button>
      <Modal
        open={confirming}
        title={`Delete this ${spec.singular}?`}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button onClick={handleDelete} disabled={deleting}>
              {deleting ? 'Deleting…' : `Delete ${spec.singular}`}
            </Button>
          </>
        }
      >
        <div className={styles.deleteText}>
          {spec.deletion === 'soft' ? (
            <p>
              {label ? <strong>{label}</strong> : `This ${spec.singular}`} will no longer be offered in lists and forms; records that already use it keep it.
              It leaves the {list} list, and its history is kept.
            </p>
          ) : (
            <p>
              {label ? <strong>{label}</strong> : `This ${spec.singular}`} will be removed for good. While another record still uses it, it is not deleted and
              you are told which.
            </p>
          )}
          {consequences ? <p>{consequences}</p> : null}
          <p>Choose “Keep it” to leave it as it is.</p>
        </div>
      </Modal>
    </>
  );
}
