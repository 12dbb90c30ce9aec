// For the node tests of client modules: the English catalogue (core and app bundles) in Lingui's
// runtime, as the browser has it, so that `translate` says message ids in English.
import { i18n } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { CLIENT_BUNDLES } from '#shared/i18n.js';

export async function loadEnglish(): Promise<void> {
  for (const bundle of CLIENT_BUNDLES) {
    const { default: messages } = await loadCatalogue('en', bundle);
    i18n.load('en', messages as Parameters<typeof i18n.load>[1]);
  }
  i18n.activate('en');
}
