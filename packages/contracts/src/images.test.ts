import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, imageVariantUrl, isServedImageSize } from './images.js';

describe('image sizes', () => {
  it('builds the URL of a served size, cropped unless told to fit', () => {
    expect(imageVariantUrl('/api/v1/image/3', 'offer')).toBe('/api/v1/image/3?w=250&h=250&c=1');
    expect(imageVariantUrl('/api/v1/image/3?v=2', 'accountManager', false)).toBe('/api/v1/image/3?v=2&w=128&h=128&c=0');
  });

  it('serves the sizes of the spec and the screens, nothing else', () => {
    for (const { w, h } of Object.values(IMAGE_SIZES)) expect(isServedImageSize(w, h)).toBe(true);
    expect(isServedImageSize(250, 250)).toBe(true);
    expect(isServedImageSize(128, 128)).toBe(true);
    expect(isServedImageSize(251, 250)).toBe(false);
    expect(isServedImageSize(2000, 2000)).toBe(false);
    expect(isServedImageSize(360, 640)).toBe(false);
  });
});
