/**
 * A crest or photo upload: the current picture (or the chosen file's preview), a file
 * input for PNG, JPEG or WebP, and the server's reason when it refuses. Sent at once, never
 * queued: offline it says "Uploads need a connection" and sends nothing.
 */
import { useEffect, useId, useState } from 'react';
import { TeamLogo, PersonPhoto } from '@/components/images';
import { useToast } from '@/components/toast';
import { ApiError, clearResponseCache } from '@/lib/api-client';
import { UPLOAD_ACCEPT, uploadImage, uploadProblem } from '@/lib/upload';
import './uploads.css';

export function ImageUpload<T>({
  kind,
  label,
  name,
  current,
  path,
  onUploaded,
}: {
  kind: 'teams' | 'players';
  /** The input's label, e.g. "Crest" or "Photo". */
  label: string;
  /** Whose picture: the preview's alternative text. */
  name: string;
  current: string | null;
  path: string;
  onUploaded: (value: T) => void;
}) {
  const id = useId();
  const toast = useToast();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  // The preview's object URL is released when replaced or when the form closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    const problem = uploadProblem(file);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setSending(true);
    try {
      const value = await uploadImage<T>(path, file);
      clearResponseCache(); // screens cache teams, rosters and tables in memory
      toast('success', `${label} uploaded`);
      onUploaded(value);
    } catch (failure) {
      console.warn(failure);
      setPreview(null);
      setError(
        failure instanceof ApiError ? failure.detailText(`The ${label.toLowerCase()} was not uploaded`) : '',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="field manager-field manager-field-wide manager-upload">
      <span className="manager-upload-preview">
        {preview ? (
          <img src={preview} alt={`${name} ${label.toLowerCase()} preview`} width={64} height={64} />
        ) : kind === 'teams' ? (
          <TeamLogo logo={current} name={name} size={64} />
        ) : (
          <PersonPhoto kind="players" photo={current} name={name} size={64} />
        )}
      </span>
      <span className="manager-upload-control">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="file"
          accept={UPLOAD_ACCEPT}
          disabled={sending}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <span id={`${id}-hint`} className="manager-field-hint">
          {sending ? 'Uploading…' : 'PNG, JPEG or WebP, up to 5 MB'}
        </span>
        {error && (
          <span id={`${id}-error`} className="manager-field-error" role="alert">
            {error}
          </span>
        )}
      </span>
    </div>
  );
}
