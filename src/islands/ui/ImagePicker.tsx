import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ACCEPTED_IMAGE_TYPES, isAcceptedImage } from '../../lib/user-forms.ts';
import FormField from './FormField.tsx';

export interface ImagePickerProps {
  /** Label of the file input, e.g. 'Change Avatar'. */
  label: string;
  /** The chosen file (null: none; setting it back to null clears the input). */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The image shown while no file is chosen (the current avatar or logo, or its placeholder). */
  currentSrc: string;
  /** Alternative text of the current image. */
  currentAlt: string;
  /** Shown when an image fails to load (docs/console.md#messages: broken images fall back to a placeholder). */
  fallbackSrc: string;
  shape?: 'round' | 'square';
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

/** Reads a chosen image into a data: URL for the preview (the page's CSP allows data: images, not blob:). */
function useDataUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file || !isAcceptedImage(file) || typeof FileReader === 'undefined') return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}

/** A png/jpeg/gif file input with a preview of the current image, or of the chosen file once picked. */
export default function ImagePicker({
  label,
  file,
  onFileChange,
  currentSrc,
  currentAlt,
  fallbackSrc,
  shape = 'round',
  hint = 'PNG, JPEG or GIF, up to 2 MB.',
  error,
  disabled = false,
}: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useDataUrl(file);
  const wanted = preview ?? currentSrc;
  const [src, setSrc] = useState(wanted);
  useEffect(() => setSrc(wanted), [wanted]);

  useEffect(() => {
    if (file === null && inputRef.current) inputRef.current.value = '';
  }, [file]);

  return (
    <div className={`image-picker image-picker--${shape}`}>
      <img
        className="image-picker__preview"
        src={src}
        alt={preview && file ? `Preview of ${file.name}` : currentAlt}
        onError={() => {
          if (src !== fallbackSrc) setSrc(fallbackSrc);
        }}
      />
      <FormField label={label} hint={hint} error={error} className="image-picker__field">
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            className="file-input"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            disabled={disabled}
            onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
    </div>
  );
}
