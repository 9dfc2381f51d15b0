// The images module's front door: public pictures in their fixed sizes.
export { imagesRoutes } from './images.routes.js';
