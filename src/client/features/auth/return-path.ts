import { useSearch } from 'wouter';
import { safeNextPath } from '#shared/next-path.js';

/** Where signing in or up leads (docs/product.md, Pages): the page of `?next=` when it is one of this site's, else /home. */
export function useReturnPath(): string {
  return safeNextPath(new URLSearchParams(useSearch()).get('next')) ?? '/home';
}
