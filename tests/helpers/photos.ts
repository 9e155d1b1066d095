import sharp from 'sharp';

/**
 * A photo as a phone takes it: sideways (EXIF orientation 6), with the camera's name and where it
 * was taken, for tests that the site shows it upright and keeps none of that. 1000 × 600 as
 * stored: red on the left, blue on the right; shown upright, red is on top.
 */
export function phonePhoto() {
  return sharp({ create: { width: 1000, height: 600, channels: 3, background: '#1d4ed8' } })
    .composite([
      {
        input: { create: { width: 500, height: 600, channels: 3, background: '#dc2626' } },
        left: 0,
        top: 0,
      },
    ])
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCam', Copyright: 'Tziyun test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '31/1 46/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '35/1 14/1 0/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}
