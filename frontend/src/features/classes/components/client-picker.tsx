import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { searchClients, type FoundClient } from '../api/classes-api';

/** How long typing rests before the search goes out. */
const DEBOUNCE_MS = 250;
const MIN_CHARS = 2;

const describe = (c: FoundClient) => `${c.nombre} · ${c.plan ?? 'sin plan'}${c.dni ? ` · DNI ${c.dni}` : ''}`;

/**
 * A client found by name or DNI as the desk types (a combobox and its list of matches, by keyboard
 * too): the picked one is handed to `onPick`, null when the text changes again.
 */
export function ClientPicker({
  picked,
  onPick,
  label = 'Cliente (nombre o DNI)',
}: {
  picked: FoundClient | null;
  onPick: (client: FoundClient | null) => void;
  label?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  /** The last answer, with the text it answers: a list for older text is not shown. */
  const [found, setFound] = useState<{ query: string; list: FoundClient[] } | null>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const query = text.trim();
  const matches = !picked && found?.query === query ? found.list : null;

  useEffect(() => {
    if (picked || query.length < MIN_CHARS) return;
    let live = true;
    const timer = setTimeout(() => {
      searchClients(query).then(
        (list) => {
          if (!live) return;
          setFound({ query, list });
          setActive(list.length > 0 ? 0 : -1);
          setOpen(true);
        },
        () => live && setFound({ query, list: [] }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, picked]);

  const choose = (client: FoundClient) => {
    onPick(client);
    setText(client.nombre);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const list = matches ?? [];
    if (event.key === 'ArrowDown' && list.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % list.length);
    } else if (event.key === 'ArrowUp' && list.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? list.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && list[active]) {
      event.preventDefault();
      choose(list[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const shown = open && matches !== null && matches.length > 0;
  return (
    <div className="position-relative flex-grow-1">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="form-control"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder="Buscá por nombre o DNI"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (picked) onPick(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => matches && setOpen(true)}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label="Clientes encontrados"
        className={`list-group position-absolute w-100 shadow-sm${shown ? '' : ' d-none'}`}
        style={{ zIndex: 5 }}
      >
        {shown &&
          matches.map((c, i) => (
            <li
              key={c.idUsuario}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
              style={{ cursor: 'pointer' }}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              {describe(c)}
            </li>
          ))}
      </ul>
      <p className="small text-body-secondary mb-0 mt-1" role="status">
        {picked
          ? `Elegiste a ${describe(picked)}`
          : matches !== null && matches.length === 0
            ? `No encontramos a nadie con «${query}».`
            : ''}
      </p>
    </div>
  );
}
