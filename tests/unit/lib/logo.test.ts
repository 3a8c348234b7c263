import { expect, test } from 'vitest';
import { logoSrc, placeholderLogo } from '../../../src/lib/logo.ts';

test('the placeholder is an SVG tile with the escaped initial of the organisation', () => {
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  const svg = decodeURIComponent(placeholderLogo('acme ltd').slice(prefix.length));
  expect(placeholderLogo('acme').startsWith(prefix)).toBe(true);
  expect(svg).toMatch(/>A<\/text>/);
  expect(decodeURIComponent(placeholderLogo('<x'))).toContain('>&#60;</text>');
  expect(decodeURIComponent(placeholderLogo(null))).toContain('>?</text>');
});

test('a logo URL is shown over https; none gives the placeholder', () => {
  expect(logoSrc('http://cdn.example/logo.png', 'Acme')).toBe('https://cdn.example/logo.png');
  expect(logoSrc('/api/files/abcdefghijk', 'Acme')).toBe('/api/files/abcdefghijk');
  expect(logoSrc(null, 'Acme')).toBe(placeholderLogo('Acme'));
  expect(logoSrc('  ', 'Acme')).toBe(placeholderLogo('Acme'));
});
