// useNavigate for what a page does when its request finishes (a save, a sent
// message): the user may have gone elsewhere meanwhile, and is not pulled back.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

/** A navigate that does nothing once the page that called the hook is no longer shown. */
export function useNavigateWhileShown(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      if (shown.current) void navigate(to, options);
    },
    [navigate],
  );
}
