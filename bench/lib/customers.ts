// The bench's customers: realistic, varied names and e-mail addresses drawn from first- and last-name lists (mostly
// Ghanaian, with Nigerian, Francophone and English ones, a few accented) by a seeded PRNG, so every run seeds the same
// people. Names are drawn with skewed weights, as real ones are: a few first names are very common (a search for one
// matches several % of an organisation's payments), most full names are rare.

/** A name and its relative frequency. */
type Weighted = readonly [name: string, weight: number];

/** A list written `Name:weight Name:weight …` (names hold no spaces). */
function weighted(text: string): Weighted[] {
  return text
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const at = entry.lastIndexOf(':');
      return [entry.slice(0, at), Number(entry.slice(at + 1))] as const;
    });
}

// Ghanaian day names lead, as they do in Ghana; then other West African and English names.
const FIRST_NAMES = weighted(`
  Kwame:40 Ama:36 Kofi:34 Akosua:30 Kwabena:28 Abena:28 Yaw:26 Adwoa:24 Kwaku:22 Afua:22 Kojo:20 Efua:18
  Kwesi:18 Esi:16 Yaa:16 Akua:14 Emmanuel:14 Grace:13 Samuel:12 Mercy:12 Daniel:11 Priscilla:10 Isaac:10
  Comfort:10 Joseph:9 Gifty:9 Michael:9 Patience:8 Ebenezer:8 Vida:8 Prince:7 Linda:7 Richard:7 Felicia:6 Eric:6
  Rita:6 Francis:6 Esther:6 Nana:6 Selasi:5 Edem:5 Dzifa:5 Elikem:4 Mawuli:4 Sena:4 Fiifi:4 Ekow:4 Araba:4 Naa:4
  Nii:4 Adjoa:3 Fatima:3 Abdul:3 Aisha:3 Ibrahim:3 Zainab:3 Mohammed:3 Chidi:3 Ngozi:3 Emeka:3 Chioma:3
  Oluwaseun:2 Adaeze:2 Tunde:2 Folake:2 Babajide:2 Yetunde:2 Ousmane:2 Aminata:2 Mamadou:2 Fatou:2 Awa:2
  Moussa:2 Aïcha:2 Amélie:1 Jérôme:1 Léa:1 Gaëlle:1 Thérèse:1 Noël:1 José:1 Zoë:1 Renée:1 John:3 Mary:3 David:3
  Sarah:3 James:2 Elizabeth:2 Peter:2 Ruth:2 Thomas:2 Hannah:2 George:2 Deborah:2 William:1 Charlotte:1 Oliver:1
  Sophie:1 Benedicta:1 Philomena:1 Cecilia:1 Augustine:1 Bernard:1 Dorcas:1
`);

const LAST_NAMES = weighted(`
  Mensah:40 Asante:30 Owusu:30 Boateng:28 Osei:26 Agyeman:22 Appiah:22 Addo:20 Amoah:20 Ofori:18 Darko:18
  Acheampong:16 Antwi:16 Bonsu:14 Frimpong:14 Gyamfi:12 Kusi:12 Nkrumah:10 Opoku:12 Sarpong:10 Quaye:10
  Tetteh:12 Lamptey:8 Ankrah:8 Quartey:8 Annan:8 Aidoo:8 Arthur:8 Baidoo:6 Eshun:6 Quansah:6 Yeboah:10 Danquah:6
  Badu:6 Adjei:10 Ampofo:6 Asamoah:8 Bediako:5 Dankwa:5 Fosu:5 Kyei:5 Manu:5 Nyarko:6 Oduro:5 Poku:5 Sakyi:4
  Twum:4 Wiredu:4 Agbeko:5 Dzidzienyo:3 Kpodo:4 Amegashie:3 Gbedemah:3 Adzraku:3 Fiawoo:3 Ahiable:3 Mahama:5
  Issah:4 Abubakar:4 Alhassan:4 Seidu:4 Yakubu:3 Iddrisu:3 Okafor:3 Okonkwo:3 Adeyemi:3 Ogunleye:2 Balogun:2
  Nwosu:2 Eze:2 Diallo:3 Traoré:2 Koné:2 Ouédraogo:2 Ndiaye:2 Sow:2 Camara:2 Kouassi:2 Lefèvre:1 Dubois:1
  Müller:1 Núñez:1 Smith:2 Johnson:2 Williams:2 Brown:1 Taylor:1 Thompson:1 O'Connor:1 Ashitey-Mensah:1
  Owusu-Ansah:2 Bekoe:3 Aryee:4 Nartey:4 Odoi:3 Larbi:3 Akuffo:2 Atta-Mills:1
`);

// Personal addresses mostly; some at work.
const DOMAINS = weighted(`
  gmail.com:50 yahoo.com:14 outlook.com:8 hotmail.com:8 icloud.com:3 ymail.com:2 mail.com:1 live.com:2
  ug.edu.gh:2 knust.edu.gh:2 mtn.com.gh:1 ecobank.com:1 gcb.com.gh:1 ghanapost.com.gh:1 cocobod.gh:1
  stanbic.com.gh:1 ashesi.edu.gh:1
`);

// How some people have a second given name, as "Abena Serwaa Owusu".
const MIDDLE_NAMES = weighted(`
  Serwaa:3 Pokua:2 Nyarko:2 Boakye:2 Mansa:2 Kwadwo:2 Akyaa:1 Adomako:1 Korkor:1 Dede:1 Aba:1 Ekua:1 Yeboaa:1
  Kuukua:1 Oforiwaa:1 Agyeiwaa:1
`);

export interface Customer {
  name: string;
  email: string;
}

/** mulberry32: a small, fast, well-mixed 32-bit PRNG; the same seed always gives the same sequence in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A picker over a weighted list: a uniform number in [0, 1) to the name it falls on. */
function weightedPicker(list: readonly Weighted[]): (uniform: number) => string {
  const cumulative: number[] = [];
  let total = 0;
  for (const [, weight] of list) cumulative.push((total += weight));
  return (uniform) => {
    const target = uniform * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return list[low]![0];
  };
}

/** The e-mail spelling of a name: lower case, accents and punctuation dropped. */
export function mailbox(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

const pickFirst = weightedPicker(FIRST_NAMES);
const pickLast = weightedPicker(LAST_NAMES);
const pickMiddle = weightedPicker(MIDDLE_NAMES);
const pickDomain = weightedPicker(DOMAINS);

/** The most frequent first name: a search for it matches several % of an organisation's payments. */
export const COMMON_FIRST_NAME = FIRST_NAMES[0]![0];
/** The most frequent last name. */
export const COMMON_LAST_NAME = LAST_NAMES[0]![0];

/**
 * `count` customers from `seed`: the same arguments always give the same list, and every e-mail address is unique
 * (people who share a name get different addresses, as they would).
 */
export function generateCustomers(count: number, seed: number): Customer[] {
  const random = seededRandom(seed);
  const taken = new Set<string>();
  const customers: Customer[] = [];
  for (let index = 0; index < count; index++) {
    const first = pickFirst(random());
    const last = pickLast(random());
    const middle = random() < 0.15 ? pickMiddle(random()) : undefined;
    const name = [first, middle, last].filter(Boolean).join(' ');
    const [f, l] = [mailbox(first), mailbox(last)];
    const year = String(60 + Math.floor(random() * 45)).slice(-2);
    const styles = [`${f}.${l}`, `${f}${l}`, `${f[0]}${l}`, `${f}.${l}${year}`, `${l}.${f}`, `${f}_${l}`, `${f}${year}`];
    let local = styles[Math.floor(random() * styles.length)]!;
    const domain = pickDomain(random());
    for (let suffix = 2; taken.has(`${local}@${domain}`); suffix++) local = `${local.replace(/\d+$/, '')}${suffix}`;
    taken.add(`${local}@${domain}`);
    customers.push({ name, email: `${local}@${domain}` });
  }
  return customers;
}
