import { useEffect, useRef, useState } from 'react';
import { SCREENSHOT_ACCEPT, SCREENSHOT_MAX_BYTES } from '../../../common/limits';
import { reportMessages as m } from '../../../common/report-messages';

const ACCEPTED_TYPES = SCREENSHOT_ACCEPT.split(',');
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif)$/i;

/** Same wording as the server's field errors, so a visitor sees one message whichever side catches it. */
export function screenshotProblem(file: File): string | null {
  // Some systems report no MIME type at all; fall back to the file name then.
  const typeOk = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return m.screenshotType;
  if (file.size > SCREENSHOT_MAX_BYTES) return m.screenshotTooLargeField;
  return null;
}

export type ScreenshotFile = ReturnType<typeof useScreenshotFile>;

export function useScreenshotFile() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (files: FileList | null) => {
    const chosen = files?.[0] ?? null;
    const problem = chosen ? screenshotProblem(chosen) : null;
    setError(problem);
    setFile(problem ? null : chosen);
    // A refused file must not linger in the input, or it would look chosen.
    if (problem) clearInput();
  };

  const clear = () => {
    setFile(null);
    setError(null);
    clearInput();
  };

  return { inputRef, file, error, previewUrl, choose, clear, setError };
}
