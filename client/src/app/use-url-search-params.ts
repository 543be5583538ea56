// useSearchParams whose updates build on the newest URL (latestSearchParams).
import { useCallback } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';
import { latestSearchParams } from './navigation';

export type SearchParamsChange = (latest: URLSearchParams) => URLSearchParams;

/** The rendered search parameters, and a setter whose change is applied to the newest ones, so two quick changes both stay. */
export function useUrlSearchParams(): [URLSearchParams, (change: SearchParamsChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) => setParams((rendered) => change(latestSearchParams(rendered)), options),
    [setParams],
  );
  return [params, update];
}
