import { useId, useState } from 'react';
import './file-chooser.css';

interface FileChooserProps {
  /** The field's name in the form: the form still reads the file from the native input. */
  name: string;
  id: string;
  label: string;
  accept: string;
}

/**
 * A file input that reads in Spanish: the browser's own ("Choose file", "No file chosen") is hidden
 * but keeps the keyboard (Tab, then Space) and the form; a label styled as a button opens it, and the
 * chosen file's name shows beside it ("Ningún archivo elegido" while there is none).
 */
export function FileChooser({ name, id, label, accept }: FileChooserProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const own = useId();
  const labelId = `${own}-label`;
  const buttonId = `${own}-button`;
  const chosenId = `${own}-chosen`;
  return (
    <div className="mb-2">
      <label id={labelId} htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="input-group position-relative">
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          className="file-chooser-input"
          aria-labelledby={`${labelId} ${buttonId}`}
          aria-describedby={chosenId}
          onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
        />
        <label id={buttonId} htmlFor={id} className="btn btn-outline-dark mb-0">
          Elegir archivo
        </label>
        <span id={chosenId} className="form-control file-chooser-name" data-testid="file-chosen">
          {chosen ?? 'Ningún archivo elegido'}
        </span>
      </div>
    </div>
  );
}
