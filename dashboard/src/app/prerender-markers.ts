// What the prerendered HTML carries for the browser's first render.

/** `<meta name=… content="/fr/faq">`: the path the page was rendered for. */
export const PRERENDERED_PATH_META = 'tm-prerendered-path';

/** `<script type="application/json" id=…>`: the react-query state the page was rendered with. */
export const PRERENDER_STATE_ID = 'tm-prerender-state';
