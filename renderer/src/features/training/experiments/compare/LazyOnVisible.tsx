// A heavy panel's content mounts the first time its placeholder comes near the viewport (and
// stays mounted), so the comparison's first render draws only what is on screen.
import Skeleton from '@mui/material/Skeleton';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

export function LazyOnVisible({ height, children, label }: { height: number; children: ReactNode; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '200px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  const placeholder = <Skeleton variant="rounded" height={height} aria-label={`Loading ${label}`} />;
  return <div ref={ref}>{seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
