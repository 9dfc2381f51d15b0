// The files module's front door: recording a stored file, and the routes of its signed links (decision 011).
export { insertFile, type NewFile } from './files.repository.js';
export { filesRoutes } from './files.routes.js';
