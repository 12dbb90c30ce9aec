// An item card names its poster; an item whose owner's account is hidden comes without a name
// (docs/product.md, Public search and profiles) and says 'Unknown user', as the item page does.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListedItem } from '#shared/items.js';
import { renderApp } from '@/test/render';
import { ItemCard } from './item-card';

const item: ListedItem = {
  id: 7,
  title: 'A green teapot',
  description: 'Holds four cups.',
  imageUrl: '/uploads/teapot.webp',
  thumbnailUrl: '/uploads/teapot-thumb.webp',
  images: ['/uploads/teapot.webp'],
  tags: ['Kitchen'],
  type: 'offer',
  userId: 3,
  username: 'carmen',
  createdAt: new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString(),
};

describe('ItemCard', () => {
  it("names the item's poster", () => {
    renderApp(<ItemCard item={item} />);
    expect(screen.getByText(/Posted by/)).toHaveTextContent('Posted by carmen');
  });

  it("says 'Unknown user' for an owner the list does not name (a hidden account), without a profile link", () => {
    renderApp(<ItemCard item={{ ...item, username: '' }} />);
    expect(screen.getByText(/Posted by/)).toHaveTextContent('Posted by Unknown user');
    expect(screen.queryByRole('link', { name: 'Unknown user' })).toBeNull();
  });

  it("links 'Posted by' to the poster's profile, apart from the link to the item", () => {
    renderApp(<ItemCard item={{ ...item, username: 'carmen.r' }} />);
    expect(screen.getByRole('link', { name: 'carmen.r' })).toHaveAttribute('href', '/u/carmen.r');
    expect(screen.getByRole('link', { name: 'A green teapot' })).toHaveAttribute('href', '/items/7');
    expect(screen.getByRole('link', { name: 'A green teapot' })).not.toContainElement(screen.getByRole('link', { name: 'carmen.r' }));
  });

  it("shows the post's age", () => {
    renderApp(<ItemCard item={item} />);
    expect(screen.getByText('3 days ago')).toHaveAttribute('datetime', item.createdAt);
  });

  it("names a want's link 'Wanted {title}', by what it shows, and leaves the photo unnamed (the title says it)", () => {
    renderApp(<ItemCard item={{ ...item, type: 'want' }} />);
    expect(screen.getByRole('link', { name: 'Wanted A green teapot' })).toHaveAttribute('href', '/items/7');
    expect(screen.queryByRole('img', { name: 'A green teapot' })).toBeNull();
  });
});
