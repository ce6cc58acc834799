import { useState } from 'react';
import { Modal } from '../../components/modal/Modal';
import { mediaUrl } from '../logic/api';
import { useFormContext, type Common } from './form-context';
import { Upload } from './Upload';

type MediaFieldProps = {
  media: 'image' | 'pdf' | 'any';
  common: Common;
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** A path under media/: typed, or picked from thumbnails of content/media (uploads included). */
export function MediaField({ media, common, label, value, onChange }: MediaFieldProps) {
  const [picking, setPicking] = useState(false);
  const showsImage = media !== 'pdf' && /\.(png|jpe?g|webp|svg|gif|avif)$/i.test(value);
  return (
    <div className="media-field">
      <div className="media-field-row">
        {showsImage && <img className="media-thumb" src={mediaUrl(value)} alt="" width={48} height={48} />}
        <input type="text" {...common} value={value} onChange={(event) => onChange(event.target.value)} />
        <button type="button" className="button" aria-label={`Choose… ${label}`} onClick={() => setPicking(true)}>
          Choose…
        </button>
      </div>
      {picking && (
        <MediaPicker
          media={media}
          title={`Choose ${media === 'pdf' ? 'a PDF' : 'an image'}: ${label}`}
          current={value}
          onPick={(path) => {
            onChange(path);
            // Closing the dialog hands the focus back to its button.
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}

type MediaPickerProps = {
  media: 'image' | 'pdf' | 'any';
  title: string;
  current: string;
  onPick: (path: string) => void;
  onClose: () => void;
};

function MediaPicker({ media, title, current, onPick, onClose }: MediaPickerProps) {
  const { options, refreshOptions } = useFormContext();
  const [filter, setFilter] = useState('');
  const files = options.media.filter(
    (file) => (media === 'any' || file.kind === media) && file.path.toLowerCase().includes(filter.toLowerCase()),
  );
  return (
    <Modal title={title} onClose={onClose}>
      <div className="picker">
        <label className="picker-filter">
          Filter by name <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </label>
        <Upload
          accept={media === 'pdf' ? 'application/pdf' : media === 'image' ? 'image/png,image/jpeg,image/webp,image/svg+xml' : undefined}
          onUploaded={(path) => {
            refreshOptions();
            onPick(path);
          }}
        />
        <p className="picker-count">{files.length === 1 ? '1 file' : `${files.length} files`}</p>
        <ul className={media === 'pdf' ? 'picker-list' : 'picker-grid'}>
          {files.map((file) => (
            <li key={file.path}>
              <button type="button" className="picker-choice" aria-pressed={file.path === current} onClick={() => onPick(file.path)}>
                {file.kind === 'image' && <img src={mediaUrl(file.path)} alt="" loading="lazy" width={96} height={96} />}
                <span>{file.path.replace(/^media\//, '')}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
