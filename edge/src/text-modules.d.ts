// The policy files are bundled as text: wrangler's [[rules]] type "Text", and a vitest plugin.
declare module '*.conf' {
  const text: string;
  export default text;
}
declare module '*.csv' {
  const text: string;
  export default text;
}
