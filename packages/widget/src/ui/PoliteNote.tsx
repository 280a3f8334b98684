import { useEffect, useState } from 'react';

/**
 * A polite status: its region is on the page first and its words arrive after, so screen readers
 * announce them, as they do not a live region's first content. Null text: no region.
 */
export function PoliteNote({ text, className }: { text: string | null; className?: string }) {
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setShown(text), 50);
    return () => clearTimeout(timer);
  }, [text]);
  if (!text) return null;
  return (
    <p className={className} role="status">
      {shown}
    </p>
  );
}
