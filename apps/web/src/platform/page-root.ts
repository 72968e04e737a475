import { createRoot } from 'react-dom/client';

/** The React root of index.html's `#root`: made by whichever starts first, the sign-in page or the app. */
export const pageRoot = () => createRoot(document.getElementById('root')!);
