import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { allows, type FieldSpec, type ResourceSpec } from '@hcm/contract/engine';
import { Button, PageHeader, resourcePath, useCan, useRouteName, useRuntime } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import { readSavedFilter, writeSavedFilter } from '@hcm/kit/storage';
import { listQueryParams, ListTable, useResourceList, type Column } from '@hcm/kit/table';
import styles from './resources.module.css';
import { useReferenceLabels } from './useReferenceLabels';
import { displayValue, type ReferenceLabels } from './values';

type Row = Record<string, unknown> & { id: number };

type ResourceListProps = {
  spec: ResourceSpec;
  /** Where this list lives, e.g. /app/datatables/medications; add and edit pages hang below it. */
  basePath: string;
  /** Filters the list always applies, e.g. a nested list's parent id. */
  fixedFilters?: Record<string, string>;
  /** A nested list sits inside its parent's page: a heading instead of a page title. */
  nested?: boolean;
};

type FilterInputProps = {
  name: string;
  field: FieldSpec;
  /** The list's filter values by query key. */
  filters: Record<string, string>;
  labels: ReferenceLabels;
  onChange: (key: string, value: string) => void;
};

/**
 * A filterable field's control: a select (choice, boolean, reference), or for a date a "from" and a "to" day,
 * sent as `<field>_from` and `<field>_to` (the server keeps rows on or after / on or before each, both included).
 */
function FilterInput({ name, field, filters, labels, onChange }: FilterInputProps) {
  const id = `filter-${name}`;
  if (field.kind === 'date') {
    const from = filters[`${name}_from`] ?? '';
    const to = filters[`${name}_to`] ?? '';
    return (
      <>
        <label htmlFor={`${id}_from`} className={styles.filter}>
          {field.label} from
          <input id={`${id}_from`} type="date" value={from} max={to || undefined} onChange={(event) => onChange(`${name}_from`, event.target.value)} />
        </label>
        <label htmlFor={`${id}_to`} className={styles.filter}>
          {field.label} to
          <input id={`${id}_to`} type="date" value={to} min={from || undefined} onChange={(event) => onChange(`${name}_to`, event.target.value)} />
        </label>
      </>
    );
  }
  const value = filters[name] ?? '';
  const options =
    field.kind === 'boolean'
      ? [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }]
      : field.kind === 'reference'
        ? [...(labels[name]?.entries() ?? [])].map(([rowId, label]) => ({ value: String(rowId), label }))
        : (field.choices ?? []);
  return (
    <label htmlFor={id} className={styles.filter}>
      {field.label}
      <select id={id} value={value} onChange={(event) => onChange(name, event.target.value)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A resource's list from its declaration: search, filters, click-to-sort columns, paging and CSV export. */
export function ResourceList({ spec, basePath, fixedFilters = {}, nested = false }: ResourceListProps) {
  const can = useCan();
  const apiUrl = useRuntime((state) => state.registry.apiUrl);
  const labels = useReferenceLabels(spec);
  // A list with a saved-filter slot (spec §3) comes back with the filters and search it was left with.
  const [saved] = useState(() => (spec.filterSlot ? readSavedFilter(spec.filterSlot, { filters: {}, search: '' }) : { filters: {}, search: '' }));
  const list = useResourceList<Row>(spec.name, {
    sort: spec.defaultSort.field,
    mode: spec.defaultSort.mode,
    filters: { ...saved.filters, ...fixedFilters },
    search: saved.search || undefined,
  });
  const [search, setSearch] = useState(saved.search);
  const { filters: currentFilters, search: currentSearch } = list.query;
  useEffect(() => {
    if (!spec.filterSlot) return;
    const chosen = Object.fromEntries(Object.entries(currentFilters ?? {}).filter(([key, value]) => value && !(key in fixedFilters)));
    writeSavedFilter(spec.filterSlot, { filters: chosen, search: currentSearch ?? '' });
  }, [spec.filterSlot, currentFilters, currentSearch, fixedFilters]);
  useRouteName(nested ? undefined : spec.title);

  const fieldEntries = Object.entries(spec.fields) as [string, FieldSpec][];
  const searchable = fieldEntries.some(([, field]) => field.searchable);
  const filterable = fieldEntries.filter(([key, field]) => field.filterable && !(key in fixedFilters));
  const filters = list.query.filters ?? {};

  // A nested list sits on its parent's page: the parent column would repeat the parent on every row.
  const columns: Column<Row>[] = fieldEntries
    .filter(([key, field]) => field.column && !(key in fixedFilters))
    .map(([key, field], index) => ({
      key,
      label: field.label,
      sortable: field.sortable,
      // Figures (money, counts) line up under their header: right-aligned, digits of one width.
      align: field.kind === 'money' || field.kind === 'integer' ? ('end' as const) : undefined,
      render: (row) => {
        const text = displayValue(field, row[key], labels, key);
        // Every row opens read first (its summary, with Edit for those who may edit it): the link is for anyone who sees the list.
        return index === 0 ? <Link to={`${basePath}/${row.id}/edit`}>{text || `#${row.id}`}</Link> : text;
      },
    }));

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    list.setSearch(search.trim());
  };
  const handleFilter = (key: string, value: string) => list.setFilters({ ...filters, [key]: value });
  const exportHref = `${apiUrl}/${resourcePath(spec.name)}/export.csv?${new URLSearchParams(
    Object.entries(listQueryParams({ ...list.query, page: 1 }))
      .filter(([key, value]) => value !== undefined && value !== '' && key !== 'page' && key !== 'page_size')
      .map(([key, value]) => [key, String(value)]),
  ).toString()}`;

  const addLink = allows(spec, 'create') && can(spec.permissions.create) ? <ButtonLink to={`${basePath}/add`}>Add {spec.singular}</ButtonLink> : null;
  return (
    <section aria-label={spec.title} className={styles.list}>
      {nested ? (
        <div className={styles.nestedHeader}>
          <h2>{spec.title}</h2>
          {addLink}
        </div>
      ) : (
        <PageHeader title={spec.title} actions={addLink} />
      )}
      <div className={styles.toolbar}>
        {searchable ? (
          <form role="search" className={styles.search} onSubmit={handleSearch}>
            <label htmlFor={`search-${spec.name}`}>Search {spec.title.toLowerCase()}</label>
            <input id={`search-${spec.name}`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
        ) : null}
        {filterable.map(([key, field]) => (
          <FilterInput key={key} name={key} field={field} filters={filters} labels={labels} onChange={handleFilter} />
        ))}
        <a className={styles.export} href={exportHref} download>
          Export CSV
        </a>
      </div>
      <ListTable
        caption={spec.title}
        columns={columns}
        page={list.result}
        loading={list.loading}
        error={list.error}
        sort={list.query.sort}
        mode={list.query.mode}
        onSort={list.sortBy}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onRetry={list.reload}
        rowKey={(row) => row.id}
        empty={list.query.search ? `No ${spec.title.toLowerCase()} match your search.` : `No ${spec.title.toLowerCase()} yet.`}
      />
    </section>
  );
}
