// Dates and times in the viewer's own locale and time zone. A signed-in page is
// first drawn on the server (client/src/page-render.tsx), which knows neither:
// where the server's text differs from the browser's, React redraws the nearest
// Suspense boundary when it takes the page over. This boundary keeps that redraw
// to the date itself, instead of the whole page (its first photo included).
import { Suspense, type ReactNode } from 'react';

export function InViewerLocale({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
