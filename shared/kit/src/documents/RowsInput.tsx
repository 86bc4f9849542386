import { useFieldArray, useFormContext } from 'react-hook-form';
import type { DocumentField, DocumentRowColumn } from '@hcm/contract/documents';
import { Button } from '@hcm/kit';
import { describedBy, ErrorText, GroupShell, useFieldError, useFieldId } from './FieldShell';
import { emptyRowOf } from './values';
import styles from './documents.module.css';

// A repeating table (meals, contacts, medicines): one row of inputs per entry, each input labelled by its
// column and row ("Time, row 2"), "Add row" and "Remove row N" buttons, all reachable by keyboard.

function CellInput({ column, name, row }: { column: DocumentRowColumn; name: string; row: number }) {
  const { register } = useFormContext();
  const id = useFieldId(name);
  const error = useFieldError(name);
  const label = `${column.label}, row ${row}`;
  const common = { id, 'aria-label': label, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, { error }), ...register(name) };
  let input;
  switch (column.kind) {
    case 'long-text':
      input = <textarea rows={2} {...common} />;
      break;
    case 'date':
      input = <input type="date" {...common} />;
      break;
    case 'time':
      input = <input type="time" {...common} />;
      break;
    case 'number':
      input = <input type="text" inputMode={column.decimals ? 'decimal' : 'numeric'} className={styles.number} {...common} />;
      break;
    case 'yes-no':
      input = (
        <select {...common}>
          <option value="">Choose…</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </select>
      );
      break;
    case 'choice':
      input = (
        <select {...common}>
          <option value="">Choose…</option>
          {(column.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    default:
      input = <input type="text" {...common} />;
  }
  return (
    <td className={error ? styles.invalid : undefined}>
      <span className={styles.cell}>
        {input}
        {column.kind === 'number' && column.unit ? <span className={styles.unit}>{column.unit}</span> : null}
      </span>
      <ErrorText id={id} error={error} />
    </td>
  );
}

export function RowsInput({ field, name }: { field: DocumentField; name: string }) {
  const { control, setFocus } = useFormContext();
  const { fields: rows, append, remove } = useFieldArray({ control, name });
  const id = useFieldId(name);
  const error = useFieldError(name);
  const columns = field.columns ?? [];
  const first = columns[0];

  function addRow() {
    append(emptyRowOf(columns), { shouldFocus: false });
    // The new row's first input, once rendered.
    if (first) setTimeout(() => setFocus(`${name}.${rows.length}.${first.key}`), 0);
  }

  function removeRow(index: number) {
    remove(index);
    document.getElementById(`${id}-add`)?.focus();
  }

  return (
    <GroupShell id={id} label={field.label} hint={field.hint} error={error} required={field.required}>
      <div className={styles.tableScroll}>
        <table className={styles.rowsTable}>
          <caption className={styles.visuallyHidden}>{field.label}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className={styles.visuallyHidden}>Row</span>
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                  {column.required ? <span className={styles.required}> (needed)</span> : null}
                  {column.hint ? <span className={styles.columnHint}>{column.hint}</span> : null}
                </th>
              ))}
              <th scope="col">
                <span className={styles.visuallyHidden}>Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} className={styles.hint}>
                  No rows yet.
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={row.id}>
                  <th scope="row">{index + 1}</th>
                  {columns.map((column) => (
                    <CellInput key={column.key} column={column} name={`${name}.${index}.${column.key}`} row={index + 1} />
                  ))}
                  <td>
                    <Button variant="secondary" onClick={() => removeRow(index)} aria-label={`Remove row ${index + 1} of ${field.label}`}>
                      Remove row {index + 1}
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Button variant="secondary" id={`${id}-add`} onClick={addRow} aria-label={`Add row to ${field.label}`}>
        Add row
      </Button>
    </GroupShell>
  );
}
