import { embedMarkup, findEmbed } from "@broadsheet/domain";

/*
 * Words and templates for the demo magazine. Deterministic: the same seed number gives
 * the same site, so screenshots and benchmarks compare like with like.
 */
export interface DemoCategory {
  name: string;
  types: string[];
  titles: string[];
  subjects: string[];
  /** A post of the category carries one to three of these (tag pages and the tag filter have content). */
  tags: string[];
  colors: [string, string];
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: "World News",
    types: ["Europe", "Asia", "Americas"],
    titles: [
      "{subject} leaders agree on a new climate pact after late-night talks",
      "Elections in {subject}: what the early results tell us",
      "Why {subject} is rethinking its trade routes",
      "Inside the negotiations that reshaped {subject}",
      "Floods across {subject} force thousands from their homes",
      "{subject} opens its borders to a new generation of students",
      "A quiet revolution in {subject}'s city halls",
      "The diplomats trying to cool tensions in {subject}",
    ],
    subjects: ["Brussels", "Jakarta", "Chile", "Kenya", "the Baltic states", "Vietnam", "Canada", "Morocco"],
    tags: ["Diplomacy", "Climate", "Elections", "Migration"],
    colors: ["#0f3b5f", "#2a7ab0"],
  },
  {
    name: "National",
    types: ["Politics", "Economy", "Education"],
    titles: [
      "Parliament passes the {subject} bill after months of debate",
      "What the new {subject} budget means for your household",
      "Teachers welcome changes to {subject} funding",
      "The long road to fixing {subject}",
      "Regional mayors demand a bigger say on {subject}",
      "A new report puts {subject} back on the agenda",
      "How {subject} became the issue of the year",
      "Ministers promise faster action on {subject}",
    ],
    subjects: ["housing", "rail", "childcare", "water", "broadband", "pensions", "energy", "healthcare"],
    tags: ["Policy", "Infrastructure", "Public services", "Budget"],
    colors: ["#5b1a2b", "#b23a48"],
  },
  {
    name: "Technology",
    types: ["Gadgets", "AI", "Startups"],
    titles: [
      "Hands-on with the {subject}: small, fast and surprisingly quiet",
      "The {subject} boom, explained without the hype",
      "Why developers are switching to {subject}",
      "Can {subject} survive the next funding winter?",
      "We tested five {subject} so you don't have to",
      "The privacy questions nobody asks about {subject}",
      "{subject} is getting cheaper: here's the catch",
      "A startup bets everything on {subject}",
    ],
    subjects: [
      "foldable phones",
      "on-device AI",
      "e-ink tablets",
      "open-source chips",
      "home batteries",
      "smart glasses",
      "quantum sensors",
      "satellite internet",
    ],
    tags: ["Gadgets", "AI", "Privacy", "Reviews"],
    colors: ["#1b1f3b", "#4c5fd7"],
  },
  {
    name: "Travel",
    types: ["City Breaks", "Adventure", "Food Trails"],
    titles: [
      "48 hours in {subject}: markets, museums and late dinners",
      "Walking the coast of {subject} in the off-season",
      "The best night trains to {subject}",
      "Where to eat in {subject} like a local",
      "{subject} by bike: a slow guide",
      "Off the beaten path in {subject}",
      "How to visit {subject} without the crowds",
      "A first-timer's guide to {subject}",
    ],
    subjects: ["Lisbon", "Kyoto", "the Dolomites", "Oaxaca", "Tbilisi", "the Faroe Islands", "Marrakech", "Hoi An"],
    tags: ["City breaks", "Hiking", "Food", "Slow travel"],
    colors: ["#0d5c4a", "#3fb68b"],
  },
  {
    name: "Audio Video",
    types: ["Podcasts", "Documentaries"],
    titles: [
      "Watch: {subject} in ten minutes",
      "Documentary: the people behind {subject}",
      "Video explainer: how {subject} works",
      "Listen: a conversation about {subject}",
      "On film: a year inside {subject}",
      "Short film: the last days of {subject}",
    ],
    subjects: [
      "the night shift",
      "a coral reef",
      "the world's longest bridge",
      "a city orchestra",
      "a mountain rescue team",
      "a family bakery",
    ],
    tags: ["Documentary", "Podcast", "Behind the scenes"],
    colors: ["#3b1c4a", "#9a4fc2"],
  },
  {
    name: "HealthCare",
    types: ["Wellbeing", "Research"],
    titles: [
      "What the latest research says about {subject}",
      "Doctors explain the truth about {subject}",
      "A new trial brings hope for {subject}",
      "Small changes that improve {subject}",
      "Why {subject} matters more than you think",
      "The clinics changing how we treat {subject}",
    ],
    subjects: ["sleep", "back pain", "hearing loss", "heart health", "screen time", "seasonal allergies"],
    tags: ["Wellbeing", "Research", "Prevention"],
    colors: ["#0b4f6c", "#20a4d8"],
  },
  {
    name: "Entertainment",
    types: ["Film", "Music", "Television"],
    titles: [
      "Review: {subject} is the surprise of the season",
      "Behind the scenes of {subject}",
      "Ten things we learned from {subject}",
      "{subject} returns, and it's better than ever",
      "Why everyone is talking about {subject}",
      "The making of {subject}",
    ],
    subjects: [
      "a quiet thriller",
      "the festival line-up",
      "a comeback album",
      "the new period drama",
      "a documentary series",
      "the summer blockbuster",
    ],
    tags: ["Film", "Music", "Books", "Festivals"],
    colors: ["#5a2d0c", "#e07a1f"],
  },
  {
    name: "Business",
    types: ["Markets", "Companies"],
    titles: [
      "Markets rally as {subject} beats expectations",
      "The quiet rise of {subject}",
      "What {subject} means for small businesses",
      "Investors bet on {subject}",
      "The boardroom fight over {subject}",
      "Is {subject} a bubble?",
    ],
    subjects: [
      "green steel",
      "regional banks",
      "the four-day week",
      "freight shipping",
      "plant-based food",
      "used electric cars",
    ],
    tags: ["Markets", "Startups", "Work", "Energy"],
    colors: ["#1f3d2b", "#4f8f5f"],
  },
  {
    name: "Sports",
    types: ["Football", "Athletics", "Tennis"],
    titles: [
      "{subject} seal a dramatic late win",
      "The tactics behind {subject}'s unbeaten run",
      "Record broken at {subject}",
      "Five talking points from {subject}",
      "How {subject} rebuilt after a difficult year",
      "Fans celebrate as {subject} lift the trophy",
    ],
    subjects: [
      "the home side",
      "the indoor championships",
      "the underdogs",
      "the national team",
      "the city marathon",
      "the academy graduates",
    ],
    tags: ["Football", "Athletics", "Interviews"],
    colors: ["#402218", "#c0392b"],
  },
  {
    name: "Jobs",
    types: ["Careers", "Vacancies"],
    titles: [
      "Hiring now: {subject}",
      "Career guide: how to become {subject}",
      "Salaries rise for {subject}",
      "A day in the life of {subject}",
      "Skills that make {subject} stand out",
      "Where the demand is for {subject}",
      "Remote roles open for {subject}",
    ],
    subjects: [
      "data journalists",
      "a wind turbine technician",
      "nurses",
      "software testers",
      "a museum curator",
      "electricians",
      "bilingual teachers",
    ],
    tags: ["Careers", "Hiring", "Skills"],
    colors: ["#2c3e50", "#16a085"],
  },
];

export const DEMO_READERS = [
  "Amara Okafor",
  "Lukas Weber",
  "Sofia Rossi",
  "Hiro Tanaka",
  "Priya Raman",
  "Mateo García",
  "Élodie Martin",
  "Noah Williams",
  "Ingrid Larsen",
  "Yusuf Demir",
  "Chen Wei",
  "Grace Mensah",
];

export const DEMO_COMMENTS = [
  "Really well reported, thank you.",
  "I had no idea about this. Sharing with my family.",
  "Great piece, but I'd love to read more about the costs involved.",
  "This matches what I've seen where I live.",
  "Balanced and clear. More of this, please.",
  "The photos are stunning.",
  "Could you follow up on this next month?",
  "Interesting angle, I hadn't thought of it that way.",
];

export const DEMO_VIDEOS = [
  "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
  "https://www.youtube-nocookie.com/embed/ScMzIvxBSi4",
  "https://www.youtube-nocookie.com/embed/LXb3EKWsInQ",
  "https://www.youtube-nocookie.com/embed/EngW7tLk6R8",
  "https://player.vimeo.com/video/76979871",
  "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U",
];

const PARAGRAPHS = [
  "The story began, as many do, with a question nobody in the room wanted to answer. By the end of the week it had become the only thing anyone was talking about, from the cafés near the station to the late-night radio phone-ins.",
  "People who have followed {subject} for years say the change has been gradual rather than sudden. What is new is the speed at which decisions are now being made, and the number of people they affect.",
  "Officials were keen to stress that nothing has been finalised. Yet the documents seen by our reporters suggest the main choices were settled some time ago, and that the consultation now under way is about details rather than direction.",
  "For families, the practical effects are likely to show up first in everyday costs. Economists we spoke to expect a modest impact this year and a larger one over the next three, depending on how quickly the plans are rolled out.",
  "Critics argue that the approach leaves too much to chance. Supporters reply that waiting for perfect information has never worked, and that the risks of doing nothing are greater than the risks of acting now.",
  "There is also a human side that the numbers miss. We met people whose working days, commutes and weekends have already changed, and who describe a mix of relief, frustration and cautious optimism.",
  "Experts point to examples elsewhere that offer useful lessons. In several cases the early results were disappointing, but improved markedly once local communities were given a real voice in how things were run.",
  "What happens next will depend on a handful of decisions due in the coming months. We will keep following {subject} closely and report back as the picture becomes clearer.",
];

/** A small deterministic PRNG (mulberry32). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    /** `count` different items, in a random order. */
    sample: <T>(items: readonly T[], count: number): T[] => {
      const rest = [...items];
      return Array.from(
        { length: Math.min(count, rest.length) },
        () => rest.splice(Math.floor(next() * rest.length), 1)[0] as T,
      );
    },
  };
}

export type Random = ReturnType<typeof createRandom>;

export function demoTitle(category: DemoCategory, index: number): { title: string; subject: string } {
  const template = category.titles[index % category.titles.length] as string;
  const subject = category.subjects[
    (index * 3 + Math.floor(index / category.titles.length)) % category.subjects.length
  ] as string;
  const title = template.replace("{subject}", subject);
  return { title: title.charAt(0).toUpperCase() + title.slice(1), subject };
}

/** A video story's body: its video embedded after the first paragraph, as an editor pasting the link makes it. */
export function withVideo(body: string, video: string): string {
  const embed = findEmbed(video);
  if (!embed) return body;
  const afterFirst = body.indexOf("</p>") + "</p>".length;
  return `${body.slice(0, afterFirst)}${embedMarkup({ embed, title: "", thumbnail: "" })}${body.slice(afterFirst)}`;
}

export function demoBody(subject: string, random: Random): string {
  const count = random.int(4, 7);
  const start = random.int(0, PARAGRAPHS.length - 1);
  const paragraphs: string[] = [];
  for (let i = 0; i < count; i++) {
    const text = (PARAGRAPHS[(start + i) % PARAGRAPHS.length] as string).replaceAll("{subject}", subject);
    paragraphs.push(i === 2 ? `<h2>What changes now</h2><p>${text}</p>` : `<p>${text}</p>`);
  }
  paragraphs.splice(
    1,
    0,
    `<blockquote>"Nobody expected ${subject} to move this quickly," one observer told us.</blockquote>`,
  );
  return paragraphs.join("");
}
