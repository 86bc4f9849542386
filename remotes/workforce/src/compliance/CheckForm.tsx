import type { ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as v from 'valibot';
import { api, Button } from '@hcm/kit';
import { useApiMutation } from '@hcm/kit/data';
import { useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import type { CompliancePicture } from '../../contract/compliance';
import { complianceKeys, compliancePath, handleSaved, styles } from './common';

/**
 * A form recording one check on the carer's file (or correcting one: `rowId`), validated with the contract's
 * schema as typed and by the server with the same schema; the server's 422 errors land on their fields.
 */
export function CheckForm<Values extends FieldValues>({
  carerId,
  part,
  rowId,
  schema,
  defaults,
  title,
  submitLabel,
  onDone,
  children,
}: {
  carerId: number;
  /** The kind under …/compliance/: 'dbs', 'right-to-work', 'dbs/12/update-checks'… */
  part: string;
  rowId?: number;
  schema: v.GenericSchema;
  defaults: DefaultValues<Values>;
  title: string;
  submitLabel: string;
  onDone: () => void;
  children: ReactNode;
}) {
  const form = useForm<Values>({ resolver: valibotResolver(schema), defaultValues: defaults });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<CompliancePicture, Values>({
    request: (values) => (rowId ? api.put<CompliancePicture>(compliancePath(carerId, `${part}/${rowId}`), values) : api.post<CompliancePicture>(compliancePath(carerId, part), values)),
    invalidates: complianceKeys(carerId),
  });
  const submit = form.handleSubmit(async () => {
    if (!handleSaved(await save.submit(form.getValues()), form, `${title} could not be saved.`)) return;
    leaveWithoutWarning();
    onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <h4>{title}</h4>
        {children}
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>{submitLabel}</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}
