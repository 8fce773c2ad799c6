/**
 * The id of the JSON data block that follows a screen the server rendered, with the query cache
 * it was rendered from (written and read in src/web/shell/first-screen-state.ts). The app takes it
 * out of the page before taking the screen over; the page's head waits for it before its first
 * paint (src/server/pages/first-screen.ts withRoot).
 */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';
