// The refused-clicks digest's front door: the partner's daily notification of its refused clicks (decision 105).
export { previousParisDay, refusedDigestTimer, sendRefusedDigests } from './refused-digest.js';
