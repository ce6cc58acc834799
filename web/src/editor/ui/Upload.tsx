import { useId, useState, type DragEvent } from 'react';
import { api } from '../logic/api';

type UploadProps = {
  /** Called with the new file's path under content/ (`media/photo.png`). */
  onUploaded: (path: string) => void;
  accept?: string;
};

/**
 * Puts files into content/media, dropped on the zone or chosen with the file picker. An
 * existing name is replaced only after asking.
 */
export function Upload({ onUploaded, accept = 'image/png,image/jpeg,image/webp,image/svg+xml,application/pdf' }: UploadProps) {
  const inputId = useId();
  const [message, setMessage] = useState('');
  const [over, setOver] = useState(false);

  const send = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      setMessage(`Uploading ${file.name}…`);
      try {
        let answer = await api.upload(file, false);
        if (answer.status === 'exists') {
          if (!window.confirm(`A file named “${file.name}” is already in the media folder. Replace it with this one?`)) {
            setMessage(`${file.name} was not uploaded: the existing file stays.`);
            continue;
          }
          answer = await api.upload(file, true);
        }
        if (answer.status === 'uploaded') {
          setMessage(`Uploaded ${file.name} as ${answer.path}.`);
          onUploaded(answer.path);
        }
      } catch (error) {
        setMessage(`${file.name} was not uploaded: ${(error as Error).message}`);
      }
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send(event.dataTransfer.files);
  };

  return (
    <div
      className={`upload${over ? ' upload-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label htmlFor={inputId}>Upload an image or PDF (drop it here, or choose it)</label>
      <input
        id={inputId}
        type="file"
        accept={accept}
        multiple
        onChange={(event) => {
          void send(event.target.files);
          event.target.value = '';
        }}
      />
      <p role="status" className="upload-status">
        {message}
      </p>
    </div>
  );
}
