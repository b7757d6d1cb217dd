import { useId, useRef, useState } from 'react';
import { reportUiText as t } from '../../common/report-messages';
import { Dialog } from './dialog';

type ImageViewerProps = {
  src: string;
  title?: string;
  alt: string;
  onClose: () => void;
};

/** Full-size screenshot popup shared by the list and the detail page. */
export function ImageViewer({ src, title = 'スクリーンショット', alt, onClose }: ImageViewerProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const [failed, setFailed] = useState(false);

  return (
    <Dialog labelledBy={titleId} onClose={onClose} initialFocus={closeRef} className="image-viewer">
      <div className="image-viewer__header">
        <h2 id={titleId} className="image-viewer__title">
          {title}
        </h2>
        <button ref={closeRef} type="button" className="button button--ghost image-viewer__close" onClick={onClose}>
          <span aria-hidden="true">×</span> {t.close}
        </button>
      </div>
      <div className="image-viewer__body">
        {failed ? (
          <p className="image-viewer__error">画像を表示できませんでした。</p>
        ) : (
          <img src={src} alt={alt} className="image-viewer__image" onError={() => setFailed(true)} />
        )}
      </div>
    </Dialog>
  );
}
