import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NavigationItem } from '@hcm/contract';
import { api } from '@hcm/kit';
import { screensGroup } from './screens';
import { normalisedQuery, SEARCH_MAX_LENGTH, SERVER_SEARCH_FROM, type SearchAnswer, type SearchGroup, type SearchResult } from './types';
import styles from './search.module.css';

type SearchBoxProps = {
  /** The menu as the sidebar shows it to this user (screens are found in it). */
  menu: readonly NavigationItem[];
  inputRef?: RefObject<HTMLInputElement | null>;
  /** After a result was opened (the dialog closes). */
  onOpened?: (result: SearchResult) => void;
  /** How long typing must pause before the server is asked (ms). */
  delayMs?: number;
};

/** What the server answered for one query (or that it failed). */
type Fetched = { q: string; answer: SearchAnswer | null; failure: string | null };

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * The global search as a combobox (WAI-ARIA combobox with a listbox popup): the input owns the focus and points at
 * the active option (aria-activedescendant); ↑ and ↓ move through the options of every group, Enter opens the
 * active one (the first, until the arrows move), a click opens any. The server's hits come in the areas' groups,
 * then the screens of the menu; a live status says how many were found, or "No results".
 */
export function SearchBox({ menu, inputRef, onOpened, delayMs = 150 }: SearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-results`;
  const statusId = `${id}-status`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState('');
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const query = normalisedQuery(text);
  const asksServer = query.length >= SERVER_SEARCH_FROM;

  // The server is asked once typing pauses; an answer to an earlier query is dropped.
  useEffect(() => {
    if (!asksServer) return undefined;
    let current = true;
    const timer = window.setTimeout(() => {
      void api.get<SearchAnswer>('api/v1/search', { q: query }).then((result) => {
        if (!current) return;
        setFetched(result.error || !result.data ? { q: query, answer: null, failure: result.message } : { q: query, answer: result.data, failure: null });
      });
    }, delayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query, asksServer, delayMs]);

  const answered = asksServer && fetched?.q === query ? fetched : null;
  const pending = asksServer && !answered;
  const screens = screensGroup(menu, query);
  const groups: SearchGroup[] = [...(answered?.answer?.groups ?? []), ...(screens ? [screens] : [])];
  const options = groups.flatMap((group) => group.items);

  // The active option: the first whenever the options change, then wherever the arrows take it.
  const optionsKey = `${query}|${options.map((option) => `${option.kind}:${option.id}`).join(',')}`;
  const [activeState, setActiveState] = useState({ key: '', index: 0 });
  const active = options.length === 0 ? -1 : activeState.key === optionsKey ? activeState.index : 0;
  const setActive = (index: number) => setActiveState({ key: optionsKey, index });

  // The active option is kept in view as the arrows move through a long list.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active, optionsKey]);

  const open = (result: SearchResult) => {
    navigate(result.href);
    onOpened?.(result);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = options[active];
      if (chosen) open(chosen);
    }
  };

  const unavailable = answered?.answer?.unavailable.map((kind) => kind.label) ?? [];
  const status = !query
    ? ''
    : pending && !options.length
      ? 'Searching…'
      : [
          options.length ? plural(options.length, 'result') : `No results for “${query}”.`,
          answered?.failure ? `The search failed: ${answered.failure}` : '',
          unavailable.length ? `${unavailable.join(', ')} could not be searched just now.` : '',
          pending ? 'Still searching…' : '',
        ]
          .filter(Boolean)
          .join(' ');

  let index = -1;
  return (
    <div className={styles.box}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        Search
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className={styles.input}
        type="text"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="go"
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="A name, a number or a screen"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <p id={statusId} role="status" className={styles.status}>
        {status}
      </p>
      <div id={listboxId} role="listbox" aria-label="Search results" className={styles.listbox} hidden={!options.length}>
        {groups.map((group) => {
          const headingId = `${id}-group-${group.kind}`;
          return (
            <div key={group.kind} role="group" aria-labelledby={headingId}>
              <div role="presentation" id={headingId} className={styles.groupHeading}>
                {group.label}
              </div>
              {group.items.map((item) => {
                index += 1;
                const mine = index;
                return (
                  <div
                    key={`${item.kind}:${item.id}`}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    className={[styles.option, mine === active ? styles.active : ''].join(' ')}
                    // The input keeps the focus: a press on an option does not take it.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => open(item)}
                  >
                    <span className={styles.title}>{item.title}</span>
                    <span className={styles.subtitle}>{item.subtitle}</span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
