/**
 * The id of the JSON data block that follows a screen the server rendered, with the answers it
 * was rendered from (src/web/entry-server.tsx). The app takes it out of the page before taking
 * the screen over (src/web/shell/preload.ts); the page's head waits for it before its first
 * paint (src/server/http/first-screen.ts withRoot).
 */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';
