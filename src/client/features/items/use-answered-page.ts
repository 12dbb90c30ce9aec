import { useEffect } from 'react';

/**
 * A page asked for past the end of a list (its items vanished meanwhile) is answered with the last
 * page: the pager follows, so Next and Previous count from the page on screen.
 */
export function useAnsweredPage(page: number, setPage: (page: number) => void, answered: number | undefined, isPlaceholderData: boolean) {
  useEffect(() => {
    if (answered !== undefined && !isPlaceholderData && answered < page) setPage(answered);
  }, [answered, isPlaceholderData, page, setPage]);
}
