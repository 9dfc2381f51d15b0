// The refused-clicks digest's front door: the partner's daily notification of its refused clicks (decision 105).
export { RefusedDigest, previousParisDay, sendRefusedDigests } from './refused-digest.js';
