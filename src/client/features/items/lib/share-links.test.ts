import { describe, expect, it } from 'vitest';
import { buildShareLinks, itemPageUrl, metaDescription, shareText, truncateText } from './share-links';

describe('share text', () => {
  it('keeps a short description as it is', () => {
    expect(shareText('A sturdy oak chair.')).toBe('A sturdy oak chair.');
  });

  it('cuts a long description at 100 characters and adds ...', () => {
    const long = 'x'.repeat(150);
    expect(shareText(long)).toBe(`${'x'.repeat(100)}...`);
    expect(truncateText('abc def', 4)).toBe('abc...');
  });

  it('keeps the meta description at 160 characters at most, on one line', () => {
    const long = `line one\n\n${'word '.repeat(60)}`;
    const meta = metaDescription(long);
    expect(meta.length).toBeLessThanOrEqual(160);
    expect(meta.startsWith('line one word')).toBe(true);
    expect(meta.endsWith('...')).toBe(true);
    expect(metaDescription('Short one')).toBe('Short one');
  });
});

describe('buildShareLinks', () => {
  const links = buildShareLinks({
    url: 'https://share.example/items/7',
    title: 'Chair & table',
    description: 'Free to a good home? Pick up #today',
  });

  it('encodes the page address and text for each network', () => {
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshare.example%2Fitems%2F7');
    expect(links.twitter).toContain('url=https%3A%2F%2Fshare.example%2Fitems%2F7');
    expect(links.twitter).toContain('text=Chair%20%26%20table%20-%20Free%20to%20a%20good%20home%3F%20Pick%20up%20%23today');
    expect(links.whatsapp.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(links.whatsapp.split('text=')[1] ?? '')).toBe(
      'Chair & table - Free to a good home? Pick up #today https://share.example/items/7',
    );
  });

  it('builds a mailto link with subject and body', () => {
    expect(links.email).toBe(
      'mailto:?subject=Chair%20%26%20table&body=Free%20to%20a%20good%20home%3F%20Pick%20up%20%23today%0A%0Ahttps%3A%2F%2Fshare.example%2Fitems%2F7',
    );
  });

  it('uses the public URL when configured', () => {
    expect(itemPageUrl(7, 'https://share.example/', 'http://localhost:3100')).toBe('https://share.example/items/7');
    expect(itemPageUrl(7, null, 'http://localhost:3100')).toBe('http://localhost:3100/items/7');
  });
});
