// The post form as a user meets it: an empty or wrong form says what is missing in the words of
// the product and sends nothing; the chosen photo shows its preview and uploads; a filled form
// posts its JSON to POST /api/items and says the item is shared. The map is not used: the
// coordinates have their own inputs under it (the keyboard path).
import { screen, waitFor, within } from '@testing-library/react';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#shared/auth.js';
import { type ApiCall, renderApp, serveApi } from '@/test/render';
import { PostItemForm } from './post-item-form';

const alice: SessionUser = { id: 7, username: 'alice', isAdmin: false, language: null, distanceUnit: 'km' };
const UPLOADED = { imageUrl: '/uploads/abc.webp', thumbnailUrl: '/uploads/abc-thumb.webp' };

// jsdom has no object URLs (the preview's src): a stand-in that gives each file a blob: URL.
let objectUrls = 0;
beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => `blob:preview-${++objectUrls}` });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
});
afterAll(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** The API the form talks to: the CSRF token, the uploads (the first is UPLOADED), the new item (id 42, echoing the body). */
function serveItemApi() {
  let uploads = 0;
  return serveApi({
    'GET /api/csrf-token': () => ({ token: 'csrf-1' }),
    'POST /api/upload-image': () =>
      ++uploads === 1 ? UPLOADED : { imageUrl: `/uploads/p${uploads}.webp`, thumbnailUrl: `/uploads/p${uploads}-thumb.webp` },
    'POST /api/items': (call) => ({ id: 42, ...(JSON.parse(call.body as string) as object) }),
  });
}

function renderForm() {
  // The form scrolls to the top after posting; jsdom does not scroll.
  vi.stubGlobal('scrollTo', () => undefined);
  return renderApp(<PostItemForm />, { user: alice, path: '/post-item' });
}

const posts = (calls: ApiCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);
const field = (name: string) => screen.getByRole('textbox', { name });
const coordinate = (name: 'Latitude' | 'Longitude') => screen.getByRole('spinbutton', { name });
const submit = () => screen.getByRole('button', { name: 'Share with Community' });

/** A small real JPEG (no GPS block) as the file input hands it over. */
async function photoFile(): Promise<File> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a5' } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(jpeg)], 'chair.jpg', { type: 'image/jpeg' });
}

describe('PostItemForm', () => {
  it('submitted empty: each field says what it needs, focus goes to the title, nothing is sent', async () => {
    const api = serveItemApi();
    const { user } = renderForm();

    await user.click(submit());

    expect(await screen.findByText('Please enter a title')).toBeInTheDocument();
    expect(field('Title')).toHaveAccessibleDescription('Please enter a title');
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Title')).toHaveFocus();
    expect(field('Description')).toHaveAccessibleDescription('Please enter a description');
    expect(screen.getByRole('button', { name: 'Click to choose photos, or drag them here' })).toHaveAccessibleDescription(
      expect.stringContaining('Please upload an image') as string,
    );
    // One message for the place, tied to both coordinates.
    expect(screen.getAllByText('Please select a location on the map')).toHaveLength(1);
    expect(coordinate('Latitude')).toHaveAccessibleDescription(expect.stringContaining('Please select a location on the map') as string);
    expect(coordinate('Longitude')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(api.calls, '/api/items')).toHaveLength(0);
  });

  it("too short a title or description and coordinates out of range get the shared rules' messages", async () => {
    const api = serveItemApi();
    const { user } = renderForm();

    await user.type(field('Title'), 'ab');
    await user.type(field('Description'), 'too short');
    await user.type(coordinate('Latitude'), '95');
    await user.type(coordinate('Longitude'), '13.4');
    await user.click(submit());

    expect(await screen.findByText('Title must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Description must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Latitude must be between -90 and 90')).toBeInTheDocument();

    await user.clear(coordinate('Latitude'));
    await user.type(coordinate('Latitude'), '52.5');
    await user.clear(coordinate('Longitude'));
    await user.type(coordinate('Longitude'), '-200');
    expect(await screen.findByText('Longitude must be between -180 and 180')).toBeInTheDocument();
    expect(screen.queryByText('Latitude must be between -90 and 90')).not.toBeInTheDocument();
    expect(posts(api.calls, '/api/items')).toHaveLength(0);
  });

  it('a chosen photo shows its preview (Remove on it) and is uploaded as the form field "image"', async () => {
    const api = serveItemApi();
    const { user } = renderForm();
    const file = await photoFile();

    await user.upload(screen.getByLabelText('Image'), file);

    const preview = await screen.findByRole('img', { name: 'Photo 1 of 1 (cover)' });
    expect(preview.getAttribute('src')).toMatch(/^blob:preview-\d+$/);
    const chosen = screen.getByRole('group', { name: 'Chosen photos (1 of 6)' });
    expect(within(chosen).getByRole('button', { name: 'Add more photos' })).toBeInTheDocument();
    await waitFor(() => expect(posts(api.calls, '/api/upload-image')).toHaveLength(1));
    const body = posts(api.calls, '/api/upload-image')[0]!.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('image')).toMatchObject({ name: 'chair.jpg', type: 'image/jpeg' });
    // This photo has no GPS block: the form says so and leaves the place to the user.
    expect(await screen.findByText('No location data found in image. Please select location manually.')).toBeInTheDocument();

    await user.click(within(chosen).getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('img', { name: 'Photo 1 of 1 (cover)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click to choose photos, or drag them here' })).toHaveFocus();
  });

  it('a filled form posts its JSON to /api/items, then says the item is shared and links to it', async () => {
    const api = serveItemApi();
    const { user } = renderForm();

    await user.type(field('Title'), '  Oak dining chair ');
    await user.type(field('Description'), 'Solid oak, a little wobbly. Pick up evenings.');
    await user.upload(screen.getByLabelText('Image'), await photoFile());
    await user.click(screen.getByRole('option', { name: 'Furniture' }));
    await user.type(screen.getByRole('textbox', { name: 'Add a custom tag' }), 'Garden{Enter}');
    await user.type(coordinate('Latitude'), '52.52');
    await user.type(coordinate('Longitude'), '13.405');
    expect(screen.getByText('Location set: 52.52000, 13.40500')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show the exact location (for a shop, stall or restaurant)' }));
    // The upload has answered before the form can be sent.
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    // The message at the top of the form is a status region (not the toast, which is one too).
    const status = (await screen.findByText('Your item is shared.')).closest<HTMLElement>('[role="status"]')!;
    expect(status).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Open Oak dining chair' })).toHaveAttribute('href', '/items/42');
    await waitFor(() => expect(status).toHaveFocus());

    const sent = posts(api.calls, '/api/items');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body as string)).toEqual({
      type: 'offer',
      title: 'Oak dining chair',
      description: 'Solid oak, a little wobbly. Pick up evenings.',
      imageUrl: UPLOADED.imageUrl,
      images: [UPLOADED.imageUrl],
      latitude: 52.52,
      longitude: 13.405,
      tags: ['Furniture', 'Garden'],
      exactLocation: true,
    });
    // The form is empty again for the next item.
    expect(field('Title')).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Photo 1 of 1 (cover)' })).not.toBeInTheDocument();
  });

  it('takes several photos, uploads them one after another, and posts them in the order set with Move left/right', async () => {
    const api = serveItemApi();
    const { user } = renderForm();
    await user.type(field('Title'), 'Three lamps');
    await user.type(field('Description'), 'Three desk lamps, all working.');
    await user.upload(screen.getByLabelText('Image'), [await photoFile(), await photoFile(), await photoFile()]);
    await waitFor(() => expect(posts(api.calls, '/api/upload-image')).toHaveLength(3));
    expect(screen.getAllByRole('img', { name: /^Photo \d of 3/ })).toHaveLength(3);

    // The third photo becomes the cover: two moves left; focus stays on its Move left button.
    await user.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    expect(screen.getByRole('button', { name: 'Move photo 2 left' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // At the front, Move left is disabled: focus goes to its Move right button.
    expect(screen.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 1 right' })).toHaveFocus();

    await user.type(coordinate('Latitude'), '52.52');
    await user.type(coordinate('Longitude'), '13.405');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await screen.findByText('Your item is shared.');
    const sent = JSON.parse(posts(api.calls, '/api/items')[0]!.body as string) as { images: string[]; imageUrl: string };
    expect(sent.images).toEqual(['/uploads/p3.webp', UPLOADED.imageUrl, '/uploads/p2.webp']);
    expect(sent.imageUrl).toBe('/uploads/p3.webp');
  });

  it('takes at most 6 photos: the rest of a pick is refused with a message', async () => {
    serveItemApi();
    const { user } = renderForm();
    const files = await Promise.all(Array.from({ length: 7 }, () => photoFile()));
    await user.upload(screen.getByLabelText('Image'), files);
    expect(await screen.findByText('You can add up to 6 photos')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Photo \d of 6/ })).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Add more photos' })).not.toBeInTheDocument();
  });
});
