import { MAX_UPLOAD_BYTES } from '@tavolo/contract/values/uploads';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { activeLanguage, t } from '../../lib/i18n/i18n';
import { checkImageFile, IMAGE_ACCEPT, uploadImage } from '../../lib/upload-image';
import { Button } from './button';
import { Field } from './field';
import { ImageIcon } from './icons';

const MAX_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

/** A field's label inside a sentence ("Remove dish photo"): German keeps its nouns capitalised. */
function labelInSentence(label: string): string {
  return activeLanguage() === 'de' ? label : label.toLowerCase();
}

/**
 * Picks an image, uploads it at once (with progress) and hands back its URL. `value` is the
 * current URL, '' for none. The parent learns when an upload runs, so it can hold its save.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  onUploadingChange,
  error,
  hint = t('ui.upload.hint', { maxMb: MAX_MB }),
  previewClassName = 'aspect-[4/3] w-full @md:w-48',
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
  error?: string;
  hint?: string;
  previewClassName?: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  // Leaving the screen mid-upload: stop sending.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const start = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setUploadError(null);
    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const uploaded = await uploadImage(file, { signal: current.signal, onProgress: setProgress });
      onChange(uploaded.url);
    } catch (caught) {
      if (!current.signal.aborted) setUploadError(t('ui.upload.failed', { reason: getErrorMessage(caught) }));
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
        setLocalPreview(null);
        onUploadingChange?.(false);
      }
    }
  };

  const shownError = uploadError ?? error;
  const preview = localPreview ?? (value || null);
  const percent = Math.round((progress ?? 0) * 100);

  // Side by side only where the field itself is wide enough, whatever the screen: a container query.
  return (
    <div className="@container">
      <div className="flex flex-col gap-3 @md:flex-row @md:items-start">
        <div
          className={cn(
            'relative flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-slate-100 text-slate-500',
            previewClassName,
          )}
        >
          {preview ? (
            <img
              src={preview}
              alt={uploading ? t('ui.upload.previewUploading') : t('ui.upload.previewCurrent')}
              className={cn('size-full object-cover', uploading && 'opacity-60')}
            />
          ) : (
            <ImageIcon className="size-8" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Field label={label} hint={hint} error={shownError ?? undefined} announceError>
            {(control) => (
              <>
                <input
                  {...control}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    // Cleared, so that picking the same file again after an error still fires.
                    event.target.value = '';
                    if (file) void start(file);
                  }}
                  className={cn(
                    'block w-full text-sm text-ink-muted',
                    'file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-panel file:px-4',
                    'file:text-sm file:font-medium file:text-ink hover:file:bg-slate-50',
                  )}
                />
                {uploading ? (
                  <div className="flex flex-col gap-1">
                    <div
                      role="progressbar"
                      aria-label={t('ui.upload.progress', { label: labelInSentence(label) })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
                    >
                      <div
                        className="h-full rounded-full bg-accent-700 transition-[width]"
                        style={{ width: `${percent}%` }}
                      />
                    </div>
                    <div className="flex items-center justify-between gap-2 text-sm text-ink-muted">
                      <span>{t('ui.upload.percent', { percent })}</span>
                      <Button variant="ghost" onClick={() => controller.current?.abort()}>
                        {t('ui.upload.cancel')}
                      </Button>
                    </div>
                  </div>
                ) : null}
              </>
            )}
          </Field>
          {value && !uploading ? (
            <div>
              <Button
                variant="secondary"
                onClick={() => {
                  setUploadError(null);
                  onChange('');
                }}
              >
                {t('ui.upload.remove', { label: labelInSentence(label) })}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
