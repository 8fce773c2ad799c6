import { createContext, useContext } from 'react';

/**
 * True inside the server's rendering of a first screen (entry-server.tsx, app.tsx Shell): a
 * picture of the screen shown before any script runs. A part that shows differently once the
 * app runs (the chat, scrolled to its newest message) lays itself out for that picture here.
 */
export const PreviewContext = createContext(false);

export const useIsPreview = () => useContext(PreviewContext);
