// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import ImagePicker from '../../../../src/islands/ui/ImagePicker.tsx';
import { imageFile } from '../../support/users-settings.ts';

afterEach(cleanup);

const base = { currentSrc: 'https://cdn.example/a.png', currentAlt: 'Current avatar', fallbackSrc: 'data:image/svg+xml,fallback' };

test('a labelled png/jpeg/gif file input next to the current image', () => {
  const onFileChange = vi.fn();
  render(<ImagePicker label="Change Avatar" file={null} onFileChange={onFileChange} {...base} />);
  const input = screen.getByLabelText('Change Avatar');
  expect(input.getAttribute('type')).toBe('file');
  expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif');
  expect(screen.getByRole('img', { name: 'Current avatar' }).getAttribute('src')).toBe('https://cdn.example/a.png');
  const file = imageFile();
  fireEvent.change(input, { target: { files: [file] } });
  expect(onFileChange).toHaveBeenCalledWith(file);
});

test('a chosen image is previewed as a data: URL; a broken image falls back', async () => {
  const { rerender } = render(<ImagePicker label="Change Avatar" file={imageFile()} onFileChange={() => {}} {...base} />);
  const preview = await screen.findByRole('img', { name: 'Preview of pixel.png' });
  await waitFor(() => expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/));
  rerender(<ImagePicker label="Change Avatar" file={null} onFileChange={() => {}} {...base} />);
  const current = await screen.findByRole('img', { name: 'Current avatar' });
  fireEvent.error(current);
  expect(current.getAttribute('src')).toBe('data:image/svg+xml,fallback');
});
