/// <reference types="vite/client" />

/** major.minor of package.json, injected by vite.config.ts. */
declare const __APP_VERSION__: string;

/** First path segments of admin screens (build/defines.ts, from the resource declarations). */
declare const __ADMIN_SEGMENTS__: readonly string[];
