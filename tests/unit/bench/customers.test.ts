import { describe, expect, it } from 'vitest';
import { COMMON_FIRST_NAME, generateCustomers, mailbox, seededRandom } from '../../../bench/lib/customers.ts';

describe('the bench customer generator', () => {
  it('gives the same customers for the same seed, and others for another seed', () => {
    const first = generateCustomers(2000, 29);
    expect(generateCustomers(2000, 29)).toEqual(first);
    const other = generateCustomers(2000, 30);
    expect(other.filter((customer, index) => customer.name === first[index]!.name).length).toBeLessThan(100);
  });

  it('draws varied names, no "Customer N", with a few common first names and mostly rare full names', () => {
    const customers = generateCustomers(20_000, 29);
    expect(customers.some((customer) => /^Customer \d+$/.test(customer.name))).toBe(false);
    const firstNames = new Set(customers.map((customer) => customer.name.split(' ')[0]));
    const lastNames = new Set(customers.map((customer) => customer.name.split(' ').at(-1)));
    expect(firstNames.size).toBeGreaterThan(80);
    expect(lastNames.size).toBeGreaterThan(80);
    // A search for the most common first name is broad (> 1 % of the people), a full name mostly narrow.
    const common = customers.filter((customer) => customer.name.startsWith(`${COMMON_FIRST_NAME} `)).length / customers.length;
    expect(common).toBeGreaterThan(0.02);
    expect(common).toBeLessThan(0.1);
    const byName = new Map<string, number>();
    for (const customer of customers) byName.set(customer.name, (byName.get(customer.name) ?? 0) + 1);
    expect(byName.size).toBeGreaterThan(5000);
    expect(Math.max(...byName.values())).toBeLessThan(customers.length / 100);
    // Some carry a middle name, some an accent.
    expect(customers.some((customer) => customer.name.split(' ').length === 3)).toBe(true);
    expect(customers.some((customer) => /\P{ASCII}/u.test(customer.name))).toBe(true);
  });

  it('gives every customer a unique, plausible e-mail address spelt from the name', () => {
    const customers = generateCustomers(20_000, 29);
    expect(new Set(customers.map((customer) => customer.email)).size).toBe(customers.length);
    for (const customer of customers.slice(0, 500)) {
      expect(customer.email).toMatch(/^[a-z0-9._]+@[a-z.]+\.[a-z]+$/);
      const last = mailbox(customer.name.split(' ').at(-1)!);
      const first = mailbox(customer.name.split(' ')[0]!);
      expect(customer.email.includes(last) || customer.email.includes(first)).toBe(true);
    }
    expect(new Set(customers.map((customer) => customer.email.split('@')[1])).size).toBeGreaterThan(10);
  });

  it('spells names for mailboxes without accents or punctuation', () => {
    expect(mailbox('Ouédraogo')).toBe('ouedraogo');
    expect(mailbox("O'Connor")).toBe('oconnor');
    expect(mailbox('Owusu-Ansah')).toBe('owusuansah');
  });

  it('draws uniformly in [0, 1) from a seed', () => {
    const random = seededRandom(7);
    const draws = Array.from({ length: 10_000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((sum, value) => sum + value, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    expect(Array.from({ length: 5 }, seededRandom(7))).toEqual(draws.slice(0, 5));
  });
});
