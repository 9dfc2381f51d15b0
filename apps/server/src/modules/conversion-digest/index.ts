// The conversion digest's front door: the partner's daily notification of its conversions changed after the fact.
export { conversionDigestTimer, DIGEST_HOUR, digestCut, sendConversionDigests } from './conversion-digest.js';
