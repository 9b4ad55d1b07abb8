import { describe, expect, it } from 'vitest';
import { absoluteHttps, imageList, largestImageUrl } from './images.ts';

const MO = 'img.classistatic.de/api/v1/mo-prod/images/3c/3caae5b2-ef50-4bbd-945b-563f7237a04d';
const AS =
  'https://prod.pictures.autoscout24.net/listing-images/6b1c2f1e-4a7d-4d4b-9a51-0c3f1e2d7a10_0a1b2c3d-1111-2222-3333-444455556666.jpg';
const SV = 'https://ireland.apollo.olxcdn.com/v1/files/eyJmbiI6ImFiYzEyMyJ9.AbCdEf';

describe('largestImageUrl', () => {
  it.each([
    [MO, `https://${MO}?rule=mo-1600.jpg`],
    [`https://${MO}?rule=mo-640.jpg`, `https://${MO}?rule=mo-1600.jpg`],
    [`//${MO}?rule=mo-160w`, `https://${MO}?rule=mo-1600.jpg`],
    [`m.mobile.de/yams-proxy/${MO}`, `https://${MO}?rule=mo-1600.jpg`],
    [`https://m.mobile.de/yams-proxy/${MO}?rule=mo-360`, `https://${MO}?rule=mo-1600.jpg`],
    [`${AS}/1280x960.webp`, `${AS}/1920x1080.webp`],
    [`${AS}/250x188.jpg`, `${AS}/1920x1080.jpg`],
    [`${SV}/image`, `${SV}/image;s=1920x0`],
    [`${SV}/image;s=148x110`, `${SV}/image;s=1920x0`],
    ['http://example.com/a.jpg', 'https://example.com/a.jpg'],
    ['https://i.example.com/00/s/NjAw/z/abc/$_12.JPG', 'https://i.example.com/00/s/NjAw/z/abc/$_57.JPG'],
  ])('%s', (input, expected) => expect(largestImageUrl(input)).toBe(expected));

  it.each([['data:image/png;base64,AAAA'], ['javascript:alert(1)'], ['/relative.jpg'], [''], ['not a url']])(
    '%s -> null without a base',
    (input) => {
      expect(largestImageUrl(input)).toBeNull();
    },
  );

  it('resolves relative URLs against the page', () => {
    expect(absoluteHttps('/fotos/1.jpg', 'https://www.example.pt/carros/1')).toBe('https://www.example.pt/fotos/1.jpg');
  });
});

describe('imageList', () => {
  it('keeps page order, dedupes after rewriting, reads url/uri/src objects and skips junk', () => {
    expect(
      imageList([
        { uri: MO },
        `https://${MO}?rule=mo-360`,
        null,
        42,
        { src: `${AS}/640x480.webp` },
        { url: '' },
        `${AS}/1280x960.webp`,
      ]),
    ).toEqual([`https://${MO}?rule=mo-1600.jpg`, `${AS}/1920x1080.webp`]);
    expect(imageList(undefined)).toEqual([]);
    expect(imageList(`${SV}/image`)).toEqual([`${SV}/image;s=1920x0`]);
  });
});
