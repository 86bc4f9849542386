import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { allows, type ResourceSpec } from '@hcm/contract/engine';
import { api, Button, notify, resourcePath, useCan } from '@hcm/kit';
import { resourceKeys, useApiMutation, useQueryClient } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';

/**
 * Deleting a row, behind a confirmation. The server decides what deleting means (hidden from lists when
 * other records may use it; refused with a clear message while a record still does).
 */
export type DeleteRowProps = { spec: ResourceSpec; id: string; label: string; backTo: string; beforeLeave: () => void };

export default function DeleteRow({ spec, id, label, backTo, beforeLeave }: DeleteRowProps) {
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
        <p>
          {label ? <strong>{label}</strong> : `This ${spec.singular}`}{' '}
          {spec.deletion === 'soft'
            ? 'will no longer be offered in lists and forms; records that already use it keep it.'
            : 'will be removed for good.'}
        </p>
      </Modal>
    </>
  );
}
