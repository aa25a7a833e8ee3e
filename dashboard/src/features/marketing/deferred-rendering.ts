/**
 * For sections below the fold: the browser skips their style and layout until they near the
 * viewport (on a phone they were most of the home page's first layout), and remembers their
 * height once it has one. They stay in the page, for search engines and screen readers alike.
 */
export const DEFERRED_RENDERING = '[content-visibility:auto] [contain-intrinsic-size:auto_600px]';
