// The client-side tracking's front door (decision 085): the tag's script, its conversion endpoint and the pixels.
export { clientTagRoutes } from './client-tag.routes.js';
