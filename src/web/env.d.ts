/// <reference types="vite/client" />

/** major.minor of package.json, injected by vite.config.ts. */
declare const __APP_VERSION__: string;
