import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App';
import { areaForPath, defaultArea } from './shell/navigation/areas';
import { parseHash } from './platform/navigation/hash-router';
import { getBridge } from './bridge';

// Connect before the first render so the token leaves the address bar at once.
getBridge();
// Fetch the code of the area being opened while React starts, not after the shell renders.
void (areaForPath(parseHash(window.location.hash).path) ?? defaultArea).preload();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
