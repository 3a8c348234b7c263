// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import Avatar from '../../../../src/islands/ui/Avatar.tsx';
import { placeholderAvatar } from '../../../../src/lib/avatar.ts';

afterEach(cleanup);

test('loads http avatars over https', () => {
  const { container } = render(<Avatar src="http://cdn.example/a.png" email="ama@x.test" />);
  expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/a.png');
});

test('falls back to the lettered placeholder when missing or broken', () => {
  const { container, rerender } = render(<Avatar src={null} email="ama@x.test" />);
  expect(container.querySelector('img')?.getAttribute('src')).toBe(placeholderAvatar('ama@x.test'));

  rerender(<Avatar src="https://cdn.example/broken.png" email="kofi@x.test" />);
  const img = container.querySelector('img') as HTMLImageElement;
  expect(img.getAttribute('src')).toBe('https://cdn.example/broken.png');
  fireEvent.error(img);
  expect(img.getAttribute('src')).toBe(placeholderAvatar('kofi@x.test'));
});
