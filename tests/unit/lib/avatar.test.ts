import { expect, test } from 'vitest';
import { avatarInitial, avatarSrc, placeholderAvatar, toHttps } from '../../../src/lib/avatar.ts';

function svgOf(dataUri: string): string {
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  expect(dataUri.startsWith(prefix)).toBe(true);
  return decodeURIComponent(dataUri.slice(prefix.length));
}

test('the placeholder is an SVG showing the upper-cased first letter of the e-mail', () => {
  const svg = svgOf(placeholderAvatar('kofi@acme.test'));
  expect(svg).toContain('<svg');
  expect(svg).toMatch(/>K<\/text>/);
});

test('the initial falls back to ? and is XML-escaped', () => {
  expect(avatarInitial('')).toBe('?');
  expect(avatarInitial(null)).toBe('?');
  expect(avatarInitial('  ama@x')).toBe('A');
  expect(svgOf(placeholderAvatar('<x@y'))).toContain('>&#60;</text>');
});

test('http:// image URLs are upgraded to https://', () => {
  expect(toHttps('http://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  expect(toHttps('HTTP://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  expect(toHttps('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  expect(toHttps('/api/files/1')).toBe('/api/files/1');
});

test('avatarSrc uses the avatar when set, else the placeholder', () => {
  expect(avatarSrc('http://cdn.example/a.png', 'a@b.c')).toBe('https://cdn.example/a.png');
  expect(avatarSrc(null, 'bea@b.c')).toBe(placeholderAvatar('bea@b.c'));
  expect(avatarSrc('   ', 'bea@b.c')).toBe(placeholderAvatar('bea@b.c'));
});
