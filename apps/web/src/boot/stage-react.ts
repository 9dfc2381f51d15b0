/**
 * The entry's first step (main.tsx, decision 148): React and react-dom, evaluated in a task of their own. What is
 * named here is what the app's start uses; importing it runs react-dom's modules, the heaviest of the start.
 */
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
