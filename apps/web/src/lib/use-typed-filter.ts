import { useEffect, useRef, useState } from 'react';

// Here rather than in a feature: the past orders and the receipts are searched as one types.

const TYPING_PAUSE_MS = 350;

/**
 * Text the URL should follow without a history entry (or a request) per key: the field shows what
 * is typed at once and commits it after a pause, or on Enter. A change from outside (Clear
 * filters, Back) resets the field.
 */
export function useTypedFilter(value: string, commit: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      commitRef.current(draft);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const flush = () => {
    if (draft === committed.current) return;
    committed.current = draft;
    commitRef.current(draft);
  };
  return [draft, setDraft, flush] as const;
}
