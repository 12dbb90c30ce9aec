/**
 * Demo items for a fresh database: sixteen believable things shared around lower Manhattan,
 * Brooklyn and Jersey City. Their pictures are files in assets/demo/ (1200x900 WebP, made once
 * from illustrations), read at seed time: the machine that seeds may be offline, and no picture
 * data is compiled into the server.
 */

export interface DemoItem {
  owner: 'alice' | 'bob' | 'carmen';
  /** 3..120 characters. */
  title: string;
  /** 10..600 characters, written like a neighbour would. */
  description: string;
  /** 1..5 tags. */
  tags: string[];
  latitude: number;
  longitude: number;
  /** How long ago the item was posted, so "newest first" has an order. */
  ageHours: number;
  /** The picture's file name in assets/demo/. */
  image: string;
}

export const DEMO_ITEMS: DemoItem[] = [
  {
    owner: 'alice',
    title: 'Mustard velvet armchair, super comfy',
    description:
      "Mid-century style armchair in mustard velvet with solid wood legs. No rips or stains, just a little shine on the left armrest where my elbow lives. We're moving somewhere smaller and it won't fit. It's a bit heavy, so bring a friend; I can help carry it down the stairs. Evenings after 6 or any time on weekends.",
    tags: ['Furniture', 'Good', 'Free', 'Pickup Only'],
    latitude: 40.7195,
    longitude: -74.0089,
    ageHours: 5,
    image: 'armchair.webp',
  },
  {
    owner: 'bob',
    title: 'Teal desk lamp with warm bulb',
    description:
      'Spring-arm desk lamp that bends every which way and stays put. Comes with a warm LED bulb. Works perfectly, I just put a ceiling light over my desk. I can leave it with the doorman at my building near Wall Street if you cannot make it during the day.',
    tags: ['Electronics', 'Like New', 'Free', 'Indoor'],
    latitude: 40.7075,
    longitude: -74.0113,
    ageHours: 22,
    image: 'desk-lamp.webp',
  },
  {
    owner: 'carmen',
    title: 'Stack of six books (novels and a cookbook)',
    description:
      "Finally cleared a shelf: five novels (two mysteries, one big family saga, two I never finished) and a well-loved cookbook. Spines are a little creased from subway reading, otherwise fine. Take the lot or just the ones you like. They're in a tote bag by my stoop in Cobble Hill, help yourself.",
    tags: ['Books', 'Good', 'Free', 'Neighborhood'],
    latitude: 40.6865,
    longitude: -73.9962,
    ageHours: 48,
    image: 'books.webp',
  },
  {
    owner: 'alice',
    title: 'Teal city bike with front basket',
    description:
      "Three-speed city bike with a wicker basket and fenders, so no more muddy backs. Tires were pumped last week; the rear brake could use a tune-up. I'd love to trade for a 20-inch kid's bike, but happy to hear other offers. Test rides welcome along the Hudson River Park path.",
    tags: ['Sports', 'Used', 'Outdoor', 'For Trade'],
    latitude: 40.7358,
    longitude: -74.0036,
    ageHours: 70,
    image: 'bicycle.webp',
  },
  {
    owner: 'carmen',
    title: 'Wooden toy set: blocks, stacking rings, car and ball',
    description:
      'My youngest has outgrown these: alphabet blocks, a rainbow stacking tower, a little wooden car and a soft ball. Everything is washed and wiped down, and the paint is still bright. Great for ages 1 to 3. Pickup in Fort Greene, or I can drop them off if you live close by.',
    tags: ['Toys', 'Like New', 'Free', 'Delivery Available'],
    latitude: 40.6897,
    longitude: -73.9747,
    ageHours: 9,
    image: 'toys.webp',
  },
  {
    owner: 'bob',
    title: 'Pots: big stockpot, copper saucepan, red Dutch oven',
    description:
      'Upgraded my kitchen, so these need a new home. A big stainless stockpot with lid (soup or pasta for a crowd), a small copper saucepan and a red enamel Dutch oven with a tiny chip on the lid rim. All clean and ready to cook with. They are heavy, so pickup only, in Chinatown near Columbus Park.',
    tags: ['Kitchenware', 'Good', 'Pickup Only'],
    latitude: 40.7158,
    longitude: -73.997,
    ageHours: 30,
    image: 'pots.webp',
  },
  {
    owner: 'alice',
    title: 'Big leafy rubber plant in terracotta pot',
    description:
      'This rubber plant has outgrown my window. About three feet tall, healthy and still putting out new leaves. Comes with the terracotta pot and saucer. Likes bright indirect light and a drink once a week. Free to someone who will give it some love; pickup from my lobby in Battery Park City.',
    tags: ['Indoor', 'Free', 'Good', 'Local Only'],
    latitude: 40.7115,
    longitude: -74.016,
    ageHours: 2,
    image: 'plant.webp',
  },
  {
    owner: 'bob',
    title: 'Sunburst acoustic guitar, plays well',
    description:
      "Full-size acoustic guitar with a sunburst finish. New strings last month and it holds its tuning. A couple of small dings on the back, nothing that affects the sound. I'd like to trade it for a keyboard, but I'm open to ideas. Come strum a few chords before you decide, I'm by Hamilton Park in Jersey City.",
    tags: ['For Trade', 'Used', 'Local Only'],
    latitude: 40.7275,
    longitude: -74.045,
    ageHours: 96,
    image: 'guitar.webp',
  },
  {
    owner: 'carmen',
    title: 'Warm blue puffer coat, adult medium',
    description:
      'Cobalt blue puffer coat with a hood, adult size M. Really warm, it got me through last January. Zip and pockets all work, no tears or stains. Giving it away so someone stays warm this winter; if you know a family who needs it, please pass it on. I can drop it off anywhere around Boerum Hill.',
    tags: ['Clothing', 'Like New', 'Charity', 'Free'],
    latitude: 40.6854,
    longitude: -73.984,
    ageHours: 14,
    image: 'coat.webp',
  },
  {
    owner: 'bob',
    title: 'Red toolbox with hammer, screwdriver and tape measure',
    description:
      'Sturdy metal toolbox with a lift-out tray. Comes with a claw hammer, a screwdriver, a tape measure and a jar of assorted screws. Handy for a first apartment. Some scratches and a splash of paint on the lid, but the latches close tight. Pickup in Williamsburg, five minutes from the Bedford Av L stop.',
    tags: ['Tools', 'Used', 'Pickup Only'],
    latitude: 40.7081,
    longitude: -73.9571,
    ageHours: 120,
    image: 'toolbox.webp',
  },
  {
    owner: 'alice',
    title: 'Vintage lake-at-sunset painting in a gold frame',
    description:
      "Oil painting of a lake at sunset in an old gilded frame, about 24 by 18 inches. I found it at an estate sale years ago and loved it, but I'm redecorating. The frame has a few tiny chips in the gold, which honestly adds to the charm. Happy to trade for a plant or a print, or just take it if it makes you smile.",
    tags: ['Art', 'Vintage', 'For Trade', 'Indoor'],
    latitude: 40.7233,
    longitude: -74.003,
    ageHours: 200,
    image: 'painting.webp',
  },
  {
    owner: 'carmen',
    title: 'Ludo board game, complete with dice and tokens',
    description:
      'Classic ludo set: board, sixteen tokens and two dice, all pieces counted (twice). The box is a little worn at the corners. Perfect for rainy afternoons or a game night with the neighbours. Pick it up in Brooklyn Heights, I am usually home after 5.',
    tags: ['Toys', 'Good', 'Indoor'],
    latitude: 40.696,
    longitude: -73.9936,
    ageHours: 160,
    image: 'board-game.webp',
  },
  {
    owner: 'alice',
    title: 'Wooden record player, needs a new needle',
    description:
      "Seventies belt-drive turntable in a walnut case. Both speeds work and the platter spins smooth and steady, but the needle is worn, so you'll want a new cartridge before playing your good records. I'll throw in two albums. Pickup in Jersey City, a short walk from Grove Street PATH.",
    tags: ['Electronics', 'Vintage', 'Needs Repair'],
    latitude: 40.7195,
    longitude: -74.043,
    ageHours: 260,
    image: 'record-player.webp',
  },
  {
    owner: 'bob',
    title: 'Fresh sourdough loaves, baked this morning',
    description:
      'I always bake too much on Saturdays. Country sourdough, crackly crust, soft and tangy inside. Two loaves up for grabs today, and I can share some starter if you want to try baking your own (bring a clean jar). Ring the bell marked B on East 6th Street, or message me first.',
    tags: ['Food', 'Free', 'Neighborhood'],
    latitude: 40.7265,
    longitude: -73.9815,
    ageHours: 1,
    image: 'sourdough.webp',
  },
  {
    owner: 'bob',
    title: 'Taco stand: menu of the day in Paulus Hook',
    description:
      "We're parked at Grand and Washington today from noon to 8 pm. On the menu: al pastor, carnitas and rajas con queso tacos, $3 each, plus fresh horchata for $2. Tortillas pressed right here on the cart. Come say hi; the first five neighbours who mention this post get a free horchata.",
    tags: ['Restaurant', 'Food', 'Event', 'Local Only'],
    latitude: 40.715,
    longitude: -74.0365,
    ageHours: 3,
    image: 'taco-menu.webp',
  },
  {
    owner: 'carmen',
    title: 'School uniform swap this Saturday',
    description:
      'Uniform swap for local school families this Saturday, 10 am to 1 pm, in the church hall on Henry Street. Bring what your kids have outgrown and take what fits: blazers, white and blue polos, plaid skirts and sweaters, sizes 5 to 14. Everything should be washed. Leftovers go to the school charity closet.',
    tags: ['Clothing', 'School', 'For Trade', 'Event', 'Charity'],
    latitude: 40.7135,
    longitude: -73.99,
    ageHours: 36,
    image: 'uniform-swap.webp',
  },
];
