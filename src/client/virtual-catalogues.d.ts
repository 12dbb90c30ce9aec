// The module scripts/vite-locales.mjs makes: the compiled catalogue of one language's bundle.
declare module 'virtual:catalogues' {
  export function loadCatalogue(language: string, bundle: string): Promise<{ default: Record<string, unknown> }>;
}
