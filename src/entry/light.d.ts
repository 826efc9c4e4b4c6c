// `?light`: the same module compiled against Preact (build/light-faces.ts);
// its types are those of the module without the mark.
declare module '*/boot?light' {
  export const boot: typeof import('./boot').boot;
}
declare module '*/LoginRoot?light' {
  const LoginRoot: typeof import('../features/sign-in/site/LoginRoot').default;
  export default LoginRoot;
}
declare module '*/SiteRoot?light' {
  const SiteRoot: typeof import('../core/site/SiteRoot').default;
  export default SiteRoot;
}
