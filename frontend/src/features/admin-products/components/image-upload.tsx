import { useFormikContext } from 'formik';
import { useId, useState, type ChangeEvent } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, imageMessages as m } from '@gym/contracts/images';
import { toApiFailure } from '@/api/client';
import { uploadImage } from '../api/upload-image';

/** Instead of typing a path: upload a JPEG, PNG or WebP (up to 2 MB); its address fills `imagen`. */
export function ImageUpload({ name = 'imagen' }: { name?: string }) {
  const { setFieldValue, setFieldTouched } = useFormikContext<Record<string, unknown>>();
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; text: string; error: boolean }>({
    busy: false,
    text: '',
    error: false,
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) return setState({ busy: false, text: m.tooLarge, error: true });
    setState({ busy: true, text: 'Subiendo…', error: false });
    try {
      const { url } = await uploadImage(file);
      await setFieldValue(name, url);
      await setFieldTouched(name, true, false);
      setState({ busy: false, text: m.uploaded, error: false });
    } catch (err) {
      setState({ busy: false, text: (await toApiFailure(err)).message, error: true });
    }
  };

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label small">
        O subí una foto del producto (JPEG, PNG o WebP, hasta 2 MB)
      </label>
      <input
        id={id}
        type="file"
        className="form-control form-control-sm"
        accept={IMAGE_TYPES.join(',')}
        disabled={state.busy}
        aria-describedby={`${id}-status`}
        onChange={choose}
      />
      <div id={`${id}-status`} className={`form-text${state.error ? ' text-danger' : ''}`} aria-live="polite">
        {state.text}
      </div>
    </div>
  );
}
