import { useState, type FormEvent } from 'react';
import { MAX_SEARCH_LENGTH } from '@gym/contracts/product-filters';
import { MIN_SEARCH_LENGTH, securityMessages } from '@gym/contracts/security-messages';

interface ProductSearchProps {
  query: string;
  onSearch: (query: string) => void;
}

/** Searches by name on the server (the API's q) when submitted. */
export function ProductSearch({ query, onSearch }: ProductSearchProps) {
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="d-flex flex-wrap gap-2 mb-3" role="search" onSubmit={submit}>
      <label htmlFor="admin-product-search" className="visually-hidden">
        Buscar por nombre
      </label>
      <input
        id="admin-product-search"
        type="search"
        className="form-control w-auto flex-grow-1"
        placeholder="Buscar por nombre"
        minLength={MIN_SEARCH_LENGTH}
        maxLength={MAX_SEARCH_LENGTH}
        title={securityMessages.searchTooShort}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn btn-outline-dark">
        Buscar
      </button>
      {query && (
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          Ver todos
        </button>
      )}
    </form>
  );
}
