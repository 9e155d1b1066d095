import type { SiteConfigInput } from './src/shared/site-config-schema';

/**
 * The community's identity and content: the only file (with public/images) another community
 * edits to run this software. Validated against its schema when the server starts (and by the
 * tests): a mistake stops the server with a message naming the setting. The browser takes it as is.
 * The names, phone number (555) and EIN below are demo values.
 */
const config: SiteConfigInput = {
  product: 'Tziyun',
  legalName: 'Tziyun Community Inc.',
  ein: '12-3456789',
  taxStatement:
    'Tziyun Community Inc. is a 501(c)(3) nonprofit organization. Your gift is tax-deductible to the extent allowed by law; no goods or services were provided in exchange for it.',
  rabbi: {
    name: 'Rabbi Eliezer Weiss',
    shortName: 'Weiss',
    bio: [
      'For over two decades Rabbi Eliezer Weiss has prayed at the tziyun in Monsey every week, carrying the names and hopes of thousands of people from around the world.',
      'Known for his warmth, his sharp insight into the soul and his gift for guidance, the Rabbi helps each person discover the purpose they were sent into this world to fulfil.',
    ],
    image: {
      src: '/images/rabbi.svg',
      alt: 'Portrait of Rabbi Eliezer Weiss',
      width: 640,
      height: 800,
    },
  },
  contact: {
    email: 'office@tziyun.org',
    phone: '(845) 555-0142',
    addressLine: 'Monsey, NY 10952',
  },
  social: {
    twitter: 'https://twitter.com/tziyun',
    instagram: 'https://www.instagram.com/tziyun',
    facebook: 'https://www.facebook.com/tziyun',
    tiktok: 'https://www.tiktok.com/@tziyun',
    youtube: 'https://www.youtube.com/@tziyun',
    whatsapp: 'https://whatsapp.com/channel/tziyun',
  },
  whatsappChannel: {
    url: 'https://whatsapp.com/channel/tziyun',
    heading: 'Follow Our WhatsApp Channel',
    text: 'Daily words of inspiration, prayer times at the tziyun and stories of miracles, straight to your phone.',
  },
  seo: {
    description:
      'Join a community of prayer around the holy tziyun in Monsey, NY: weekly prayers for your intentions, miracle stories, live teachings and personal guidance from the Rabbi.',
    image: {
      src: '/images/og.jpg',
      alt: 'Tziyun: prayers at the holy tziyun in Monsey',
      width: 1200,
      height: 630,
    },
    locale: 'en_US',
    twitterHandle: '@tziyun',
  },
  timeZone: 'America/New_York',
  // Where Shabbat and Yom Tov are kept: a campaign pauses from candle lighting to havdalah here.
  location: {
    city: 'Monsey, NY',
    latitude: 41.1112,
    longitude: -74.0685,
    candleLightingMinutes: 18,
    havdalah: { degrees: 8.5 },
  },
  hero: [
    {
      title: ['Where Prayers Become', 'Miracles'],
      subtitle:
        'Every week the Rabbi prays at the holy tziyun for the intentions of our members. Become part of a community where heaven listens.',
      buttonText: 'Support Our Mission',
      buttonLink: '/donate',
      backgroundImage: { src: '/images/hero-1.svg', alt: '', width: 1600, height: 900 },
    },
    {
      title: ['Stories That Touch', 'the Soul'],
      subtitle:
        'Healings, matches made and livelihoods restored: read what our members have lived after prayers at the tziyun.',
      buttonText: 'Discover Miracles',
      buttonLink: '#miracles',
      backgroundImage: { src: '/images/hero-2.svg', alt: '', width: 1600, height: 900 },
    },
    {
      title: ['Personal Guidance for', 'Your Journey'],
      subtitle:
        'Receive the Rabbi’s personal guidance on your soul’s purpose, with live teachings and consultations.',
      buttonText: 'Meet Rabbi Weiss',
      buttonLink: '#rabbi',
      backgroundImage: { src: '/images/hero-3.svg', alt: '', width: 1600, height: 900 },
    },
  ],
  welcome: {
    heading: 'Welcome to the Tziyun Community',
    text: 'Membership connects you to the power of prayer at a holy place. Each month your support sustains a Torah legacy, and each week your intentions are carried to the tziyun.',
    points: [
      {
        title: 'Monthly or Weekly Prayers',
        text: 'Your names and intentions are read at the tziyun by the Rabbi himself.',
      },
      {
        title: 'Personal Guidance',
        text: 'Teachings and consultations that help you find your soul’s purpose.',
      },
      {
        title: 'A Sacred Community',
        text: 'Join people around the world who support one another in prayer.',
      },
    ],
  },
  tiers: [
    {
      id: 'spark',
      name: 'Spark Tier',
      donateName: 'Spark',
      tagline: 'Ignite Your Path',
      price: 180,
      popular: false,
      benefits: [
        '**Weekly prayer** at the tziyun for your intentions',
        'Monthly **‘Miracle Stories’** email',
        'New-member **face-reading report** (life assessment)',
      ],
    },
    {
      id: 'flame',
      name: 'Flame Tier',
      donateName: 'Flame',
      tagline: 'Illuminate Your Purpose',
      price: 360,
      popular: true,
      benefits: [
        '**Weekly prayer** at the tziyun for your intentions',
        'All **Spark** perks',
        'Monthly **live Zoom teaching**',
        'Digital **thank-you note** from the Rabbi',
      ],
    },
    {
      id: 'beacon',
      name: 'Beacon Tier',
      donateName: 'Illumination',
      tagline: 'Radiate Divine Light',
      price: 820,
      popular: false,
      benefits: [
        '**Weekly prayer** at the tziyun for your intentions',
        'All **Flame** perks',
        'Monthly **20-minute Zoom consultation**',
        'Quarterly **Purpose Mentorship Circle** with 10 Beacon members',
        'Annual **personalised mission letter**',
        'Invitation to the annual virtual **‘Legacy Circle’** event',
      ],
    },
  ],
  testimonials: [
    {
      quote:
        'After months of waiting for news from the doctors, the Rabbi prayed for my mother at the tziyun. Two weeks later her scans came back clear.',
      author: 'Miriam K.',
      tier: 'Flame Tier member',
      title: 'A Mother’s Healing',
    },
    {
      quote:
        'I had given up hope of finding my match. Within three months of joining, I was engaged. I still cannot believe it.',
      author: 'David S.',
      tier: 'Spark Tier member',
      title: 'A Shidduch at Last',
    },
    {
      quote:
        'The Rabbi’s guidance in our consultations gave me the courage to start my business. It is thriving, and I give back every month.',
      author: 'Rachel and Yosef L.',
      tier: 'Beacon Tier members',
      title: 'Purpose and Parnassah',
    },
  ],
  miracles: [
    {
      title: 'Healing',
      content:
        'A young father was given weeks to live. His family sent his name to the tziyun, and the Rabbi prayed for him every week. Today he walks his children to school.',
      image: {
        src: '/images/miracle-healing.svg',
        alt: 'A candle burning beside a prayer book',
        width: 800,
        height: 600,
      },
    },
    {
      title: 'Shidduch',
      content:
        'After twelve years of searching, a woman from London asked for prayers at the tziyun. Six months later she stood under the chuppah.',
      image: {
        src: '/images/miracle-shidduch.svg',
        alt: 'Two rings beneath a wedding canopy',
        width: 800,
        height: 600,
      },
    },
    {
      title: 'Prosperity',
      content:
        'A family on the brink of losing their home joined as members. Within the year a new position opened for the father, and the home was saved.',
      image: {
        src: '/images/miracle-prosperity.svg',
        alt: 'A house with a warm light in the window',
        width: 800,
        height: 600,
      },
    },
  ],
  mentorship: {
    heading: 'Purpose Mentorship Circle',
    text: 'An intimate circle with the Rabbi for Beacon members: discover your mission, ask your questions and grow together with people on the same path.',
    cadence: 'Quarterly',
    sessionMinutes: 60,
    seats: 10,
    nextSession: '2025-08-15',
    everyMonths: 3,
    tier: 'beacon',
  },
  memberSchedule: {
    prayer:
      'Every Thursday before sunset, Rabbi Weiss prays at the tziyun for the names our members send; the names are renewed each week while your membership is active.',
    zoomTeaching: {
      nextSession: '2025-09-07',
      everyMonths: 1,
      time: '8:00 PM Eastern',
      tiers: ['flame', 'beacon'],
    },
  },
  prayerNames: {
    lapseWeeks: 12,
    reminderDays: 7,
    donorsMayGiveNames: true,
  },
  receipts: {
    legalAddress: ['Tziyun Community Inc.', '18 Tziyun Lane', 'Monsey, NY 10952'],
    // What each membership's monthly payment gives in return, as its receipts say: prayer,
    // teaching and spiritual guidance are intangible religious benefits (no value to state).
    // docs/receipts.md explains each kind; confirm the choice with the organisation's tax adviser.
    tierBenefits: {
      spark: {
        kind: 'intangible-religious',
        description:
          'weekly prayer at the tziyun, the monthly Miracle Stories letter and a spiritual life assessment',
      },
      flame: {
        kind: 'intangible-religious',
        description:
          'weekly prayer at the tziyun, monthly live teachings, the Miracle Stories letter and a spiritual life assessment',
      },
      beacon: {
        kind: 'intangible-religious',
        description:
          'weekly prayer at the tziyun, monthly live teachings and spiritual consultations, the Purpose Mentorship Circle and the Legacy Circle gathering',
      },
    },
    statementsSendOn: { month: 1, day: 15 },
  },
  landingPresets: [
    { amount: 18, label: 'Monthly Blessing', note: 'The traditional chai amount' },
    { amount: 36, label: 'Spiritual Partner', note: 'Enhanced support' },
    { amount: 72, label: 'Weekly Prayers', note: 'Continuous prayers' },
  ],
  donatePresets: [36, 72, 100, 250],
  impact: [
    { amount: 36, text: 'Sponsors healing and blessing prayers' },
    { amount: 72, text: 'Supports weekly prayers for a month' },
    { amount: 100, text: 'Provides spiritual guidance materials' },
    { amount: 250, text: 'Comprehensive spiritual support' },
  ],
  membershipBenefits: [
    {
      title: 'Weekly Tziyun Prayers',
      text: 'The Rabbi prays for your intentions at the tziyun every week.',
    },
    {
      title: 'Miracle Stories Email',
      text: 'A monthly letter of stories from our community to lift your spirit.',
    },
    {
      title: 'Live Teachings',
      text: 'Monthly Zoom teachings with the Rabbi, open to Flame and Beacon members.',
    },
    {
      title: 'Personal Consultations',
      text: 'Guidance on your soul’s purpose in one-to-one sessions for Beacon members.',
    },
    {
      title: 'Torah Legacy',
      text: 'Your membership sustains Torah study and prayer for generations.',
    },
    { title: 'Fully Tax-Deductible', text: 'Monthly subscriptions are fully tax-deductible.' },
  ],
};

export default config;
