import { deflateSync } from 'node:zlib';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A real JPEG photo stand-in carrying an EXIF GPS position (40°42'46"N 74°0'22"W) and a camera model. */
export async function jpegWithGps(width = 800, height = 600, colour = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9000', Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 42/1 46/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '74/1 0/1 22/1',
      },
    })
    .toBuffer();
}

export async function imageOf(format: 'png' | 'gif' | 'webp', width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 80 } } })
    .toFormat(format)
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny PNG whose header claims 100,000 x 100,000 pixels: a decompression bomb. */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with the given file parts. */
export function multipart(files: { field: string; filename: string; type: string; data: Buffer }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
