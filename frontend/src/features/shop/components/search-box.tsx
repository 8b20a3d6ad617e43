import { useId, useState, type FormEvent } from 'react';
import { MIN_SEARCH_LENGTH, securityMessages } from '@gym/contracts/security-messages';

interface SearchBoxProps {
  value: string;
  onSearch: (q: string | undefined) => void;
}

/** The shop's name search (accents and case do not count); shorter than the API's minimum, it says so instead of asking. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [tooShort, setTooShort] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    const short = q.length > 0 && q.length < MIN_SEARCH_LENGTH;
    setTooShort(short);
    if (!short) onSearch(q || undefined);
  };
  return (
    <form role="search" className="mb-3" onSubmit={submit} style={{ maxWidth: '32rem' }}>
      <label htmlFor={id} className="visually-hidden">
        Buscar por nombre
      </label>
      <div className="input-group">
        <input
          id={id}
          type="search"
          className={`form-control${tooShort ? ' is-invalid' : ''}`}
          placeholder="Buscar por nombre (por ejemplo, muñequera)"
          value={text}
          maxLength={100}
          aria-describedby={tooShort ? `${id}-hint` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-dark">
          Buscar
        </button>
      </div>
      {tooShort && (
        <div id={`${id}-hint`} className="form-text text-danger">
          {securityMessages.searchTooShort}
        </div>
      )}
    </form>
  );
}
