import type { Plugin } from 'vite';

/** The Vite plugin of the catalogues: `virtual:catalogues` and one module per language and bundle. */
export function locales(options: { localesDir: string }): Plugin;
/** The bundle a catalogue section goes to in the browser. */
export function bundleOf(section: string): 'core' | 'app' | 'legal' | 'server';
/** `{ id: compiled message }` of one language's sections in one bundle. */
export function compiledBundle(localesDir: string, language: string, bundle: string): Record<string, unknown>;
