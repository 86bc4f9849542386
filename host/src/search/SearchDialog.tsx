import { useRef } from 'react';
import type { NavigationItem } from '@hcm/contract';
import { Modal } from '@hcm/kit/elements';
import { SearchBox } from './SearchBox';

type SearchDialogProps = { open: boolean; onClose: () => void; menu: readonly NavigationItem[] };

/**
 * The search dialog (Ctrl+K, Cmd+K, or the header's box): the kit's Modal named "Search", focus in the search's
 * input; Escape, the close button or a click outside close it, and opening a result does. Each opening starts a
 * new search. Loaded on first use (HeaderSearch), in its own chunk.
 */
export default function SearchDialog({ open, onClose, menu }: SearchDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Modal open={open} title="Search" onClose={onClose} initialFocusRef={inputRef} closeLabel="Close search">
      <SearchBox menu={menu} inputRef={inputRef} onOpened={onClose} />
    </Modal>
  );
}
