// The latest value of a prop for effects that read it but must not re-run when it changes
// (e.g. a callback the caller writes inline, a fresh function each render).
import { useEffect, useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  // Updated after each render, before effects declared later in the component run.
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
