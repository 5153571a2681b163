/** Marketing copy for the public pages (docs/product.md §1: copy, not data). */

export const TEASERS = [
  {
    title: "Premium Sports Cars",
    text: "Supercars and grand tourers worth $50,000+",
    image: "/images/contests/supercar-red.svg",
  },
  {
    title: "Luxury Motorcycles",
    text: "Superbikes and cruisers ready for the open road",
    image: "/images/contests/superbike.svg",
  },
  {
    title: "Instant Cash",
    text: "Cash prizes up to $100,000 paid to your crypto wallet",
    image: "/images/contests/cash-25k.svg",
  },
];

export const TRUST_BADGES = [
  { label: "Secure Crypto Payments", detail: "BTC, ETH, USDT and BNB" },
  { label: "4.8 Rating", detail: "From thousands of player reviews" },
  { label: "500k+ Winners", detail: "And counting, every month" },
];

export const LANDING_CATEGORIES = [
  {
    title: "Dream Cars",
    text: "Supercars, SUVs and electric icons worth $50,000 and above.",
    image: "/images/contests/supercar-red.svg",
    cta: "Enter Now",
  },
  {
    title: "Motorcycles",
    text: "Superbikes and cruisers for every kind of rider.",
    image: "/images/contests/cruiser.svg",
    cta: "Enter Now",
  },
  {
    title: "Luxury Watches",
    text: "Iconic timepieces from the world's finest makers.",
    image: "/images/contests/gold-watch.svg",
    cta: "Enter Now",
  },
  {
    title: "Cash Prizes",
    text: "From $1,000 to $100,000, paid instantly in crypto.",
    image: "/images/contests/money-50k.svg",
    cta: "Enter Now",
  },
  {
    title: "Fortune Wheel",
    text: "One free spin every day, with instant prizes.",
    image: "/images/landing/fortune-wheel.svg",
    cta: "Spin Now",
  },
  {
    title: "Premium Mix",
    text: "Houses, tax-free cash and surprise bundles.",
    image: "/images/landing/premium-mix.svg",
    cta: "Enter Now",
  },
];

export const BENEFITS = [
  {
    title: "Instant Crypto Payments",
    text: "Top up with Bitcoin, Ethereum, Tether or Binance and get winnings paid straight to your wallet.",
  },
  { title: "Daily Free Spins", text: "Spin the Fortune Wheel for free once a day for a shot at instant prizes." },
  { title: "Verified & Secure", text: "No verification at sign-up, provably fair draws and encrypted accounts." },
];

export const SAMPLE_WINNERS = [
  { name: "James R.", prize: "Porsche 911 Carrera", ago: "2 hours ago" },
  { name: "Priya S.", prize: "$25,000 Cash", ago: "5 hours ago" },
  { name: "Lukas M.", prize: "Ducati Panigale V4", ago: "1 day ago" },
];

export const NUMBERS = [
  { value: "500k+", label: "Happy Winners" },
  { value: "$50M+", label: "Prizes Awarded" },
  { value: "150+", label: "Live Contests" },
  { value: "4.8", label: "Average Rating" },
];

export const STEPS = [
  { title: "Sign Up", text: "Create your free account in under a minute. No verification needed." },
  { title: "Add Funds", text: "Top up your balance with your favourite cryptocurrency." },
  { title: "Enter Contests", text: "Pick your prizes and grab tickets from just $1.79." },
  { title: "Win Prizes", text: "Watch the monthly draws and collect your prize or a cash alternative." },
];
