import { useEffect } from 'react';
import { PRODUCT_NAME } from '#shared/constants.js';

/** Sets the tab title to "<title> | ShareNearby" (or just the product name). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
